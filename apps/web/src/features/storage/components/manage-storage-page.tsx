import { Badge, Text } from '@mantine/core';
import { type AdminStorageRow, MANAGE_STORAGE_PAGE_SIZE } from '@portal/contract/storage/manage-storage';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/page/page-header';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { adminStorageSource } from '../api';
import { formatBytes } from '../lib/storage';

const columns: DataTableColumn<AdminStorageRow>[] = [
  {
    accessor: 'company_name',
    title: 'Company',
    render: (r) => (
      <>
        <Text size="sm">{r.company_name}</Text>
        <Text size="xs" c="dimmed">
          #{r.company_id} · {r.company_type}
          {r.can_have_comet_storage ? '' : ' · may not have storage'}
        </Text>
      </>
    ),
  },
  { accessor: 'provider', title: 'Provider' },
  {
    accessor: 'provider_account_id',
    title: 'Account',
    render: (r) => (
      <Text ff="monospace" size="sm">
        {r.provider_account_id}
      </Text>
    ),
  },
  { accessor: 'buckets_count', title: 'Buckets', textAlign: 'right' },
  {
    accessor: 'usage_bytes',
    title: 'Usage',
    textAlign: 'right',
    render: (r) => (
      <>
        <Text size="sm">{formatBytes(r.usage_bytes)}</Text>
        <Text size="xs" c="dimmed">
          {r.usage_measured_at
            ? `${r.usage_source === 'utilization' ? 'Measured' : 'Buckets'} ${formatDateTime(r.usage_measured_at)}`
            : 'Not measured yet'}
        </Text>
      </>
    ),
  },
  { accessor: 'enabled_at', title: 'Enabled', render: (r) => formatDate(r.enabled_at) },
  {
    accessor: 'keys_rotated_at',
    title: 'Keys rotated',
    render: (r) =>
      r.keys_rotated_at ? (
        formatDate(r.keys_rotated_at)
      ) : (
        <Badge variant="light" color="gray">
          Never
        </Badge>
      ),
  },
];

/** /manage_storage (spec-1 §2, §6 storage links admin only): every company's storage account and its usage. */
export function ManageStoragePage() {
  const source = useMemo(() => adminStorageSource(), []);
  return (
    <>
      <PageHeader title="Manage storage" description="Every company's storage account, its buckets and its measured usage." />
      <DataTable
        label="Storage accounts"
        source={source}
        columns={columns}
        defaultPageSize={MANAGE_STORAGE_PAGE_SIZE}
        idAccessor="company_id"
        emptyText="No storage account matches that search."
      />
    </>
  );
}
