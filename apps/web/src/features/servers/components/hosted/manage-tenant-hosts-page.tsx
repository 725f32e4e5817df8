import { HOSTED_PAGE_SIZE } from '@portal/contract/servers/hosted';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { DataTable } from '../../../../components/data-table/data-table';
import { PageHeader } from '../../../../components/page/page-header';
import type { RowOf } from '../../../../components/data-table/list-source';
import { formatDate } from '../../../../lib/dates';
import type { devTenantHosts } from '@portal/contract/servers/hosted';
import { tenantHostsSource } from '../../api/hosted';

type Host = RowOf<typeof devTenantHosts>;

/** /manage_tenant_hosts: public DNS, region, created, admin user, licence (spec-2 §2.11). */
export function ManageTenantHostsPage() {
  const source = useMemo(() => tenantHostsSource(), []);
  const columns: DataTableColumn<Host>[] = [
    { accessor: 'public_dns', title: 'Public DNS' },
    { accessor: 'region', title: 'Region', render: (r) => r.region.name },
    { accessor: 'created_at', title: 'Created', render: (r) => formatDate(r.created_at) },
    { accessor: 'admin_user', title: 'Admin user' },
    { accessor: 'licence', title: 'Licence' },
  ];
  return (
    <>
      <PageHeader title="Tenant hosts" description="The hosts running hosted consoles." />
      <DataTable
        label="Tenant hosts"
        source={source}
        columns={columns}
        defaultPageSize={HOSTED_PAGE_SIZE}
        searchable={false}
        emptyText="No hosts yet."
      />
    </>
  );
}
