import { Loader, Select, Stack, Text } from '@mantine/core';
import { type CompanyOnServerVersion, NO_SERVER_VERSION_SELECTED, VERSION_REPORT_PAGE_SIZE } from '@portal/contract/reports/server-version';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/page/page-header';
import { errorMessage } from '../../../lib/api-error';
import { downloadsQuery } from '../../downloads/api';
import { companiesOnVersionSource } from '../api/server-versions';

/** The versions the dropdown offers: the downloads list's, newest first (spec-2 §2.9). */
export const VERSION_LIST_INPUT = { page: 1, page_size: 100 } as const;

const COLUMNS: DataTableColumn<CompanyOnServerVersion>[] = [
  { accessor: 'company_name', title: 'Company', sortable: true },
  { accessor: 'primary_email', title: 'Primary email', sortable: true },
  { accessor: 'server_count', title: 'Servers', sortable: true, textAlign: 'right' },
  { accessor: 'device_count', title: 'Devices', sortable: true, textAlign: 'right' },
];

/** /reports/report_customers_by_server_version (admin): the companies running the chosen version. */
export function VersionReportPage() {
  const versions = downloadsQuery.useQuery(VERSION_LIST_INPUT);
  const options = useMemo(() => [...new Set((versions.data?.rows ?? []).map((v) => v.version))], [versions.data]);
  const [picked, setPicked] = useState<string | null>(null);
  // The first version until one is picked, so the list shows as soon as the versions arrive.
  const version = picked ?? options[0] ?? null;
  const source = useMemo(() => (version ? companiesOnVersionSource(version) : null), [version]);

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <PageHeader title="Customers by server version" description="The companies whose licences or hosted consoles report a version." />
      {versions.isPending ? (
        <Loader aria-label="Loading versions" />
      ) : versions.isError ? (
        <Text c="red">{errorMessage(versions.error)}</Text>
      ) : (
        <Select label="Server version" data={options} value={version} onChange={setPicked} allowDeselect={false} searchable w={240} />
      )}
      {source && version ? (
        <DataTable
          key={version}
          source={source}
          columns={COLUMNS}
          label={`Companies on ${version}`}
          idAccessor="company_id"
          defaultPageSize={VERSION_REPORT_PAGE_SIZE}
          defaultSort={{ accessor: 'company_name', direction: 'asc' }}
        />
      ) : (
        !versions.isPending && !versions.isError && <Text>{NO_SERVER_VERSION_SELECTED}</Text>
      )}
    </Stack>
  );
}
