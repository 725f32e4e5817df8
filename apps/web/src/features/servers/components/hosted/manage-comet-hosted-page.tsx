import { Badge, Button } from '@mantine/core';
import { HOSTED_PAGE_SIZE } from '@portal/contract/servers/hosted';
import type { AdminHostedRow } from '@portal/contract/servers/hosted';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { DataTable } from '../../../../components/data-table/data-table';
import { PageHeader } from '../../../../components/page/page-header';
import { formatDate } from '../../../../lib/dates';
import { adminHostedSource } from '../../api/hosted';
import { consoleLoginUrl } from '../../lib/provision';

const STATE_COLOURS = { provisioning: 'blue', failed: 'red', ready: 'green', deleting: 'gray', delete_failed: 'red' } as const;

/** /manage_comet_hosted: every hosted console, with login (spec-2 §2.11). */
export function ManageCometHostedPage() {
  const source = useMemo(() => adminHostedSource(), []);
  const columns: DataTableColumn<AdminHostedRow>[] = [
    { accessor: 'server_name', title: 'Name' },
    { accessor: 'company_name', title: 'Company' },
    { accessor: 'state', title: 'Status', render: (r) => <Badge color={STATE_COLOURS[r.state]}>{r.state.replace('_', ' ')}</Badge> },
    { accessor: 'user_dns', title: 'Domain', render: (r) => r.user_custom_dns || r.user_dns || '—' },
    { accessor: 'region', title: 'Region', render: (r) => r.region.name },
    { accessor: 'storage_type', title: 'Storage' },
    { accessor: 'created_at', title: 'Created', render: (r) => formatDate(r.created_at) },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (r) =>
        r.user_dns ? (
          <Button size="xs" variant="light" component="a" href={consoleLoginUrl(r.user_dns)} target="_blank" rel="noopener noreferrer">
            Login
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <PageHeader title="Manage hosted servers" description="Every hosted management console." />
      <DataTable
        label="Hosted servers"
        source={source}
        columns={columns}
        defaultPageSize={HOSTED_PAGE_SIZE}
        emptyText="No results found with that filter!"
      />
    </>
  );
}
