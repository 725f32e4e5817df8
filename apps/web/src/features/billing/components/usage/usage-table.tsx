import { Badge, Group, Stack, Text } from '@mantine/core';
import { NO_USAGE_HISTORY, type UsageRow } from '@portal/contract/billing/usage';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { DataTable } from '../../../../components/data-table/data-table';
import type { TableSearch } from '../../../../components/data-table/table-search';
import { formatCents } from '../../../../lib/money';
import { usageSource } from '../../api';
import { SERVICE_KIND_LABEL } from '../../lib/service-kinds';
import type { DayRange } from '../../lib/usage-range';
import { PacksUsed } from './packs-used';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** The count a charge was for: devices or boosters on that day. */
function chargedCount(row: UsageRow): string {
  if (row.device !== null) return `${row.device.toLocaleString('en-US')} ${row.device === 1 ? 'device' : 'devices'}`;
  if (row.booster !== null) return `${row.booster.toLocaleString('en-US')} ${row.booster === 1 ? 'booster' : 'boosters'}`;
  return '';
}

export const USAGE_COLUMNS: DataTableColumn<UsageRow>[] = [
  {
    accessor: 'date',
    title: 'Date',
    render: (row) => (
      <Stack gap={2} align="flex-start">
        <Text size="sm" style={nowrap}>
          {row.usage.date_used}
        </Text>
        {row.not_finalized && (
          <Badge color="orange" variant="dot" size="sm">
            Not finalized
          </Badge>
        )}
      </Stack>
    ),
  },
  {
    accessor: 'type',
    title: 'Service',
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm">{SERVICE_KIND_LABEL[row.type]}</Text>
        {row.details ? (
          <Text size="xs" c="dimmed">
            {row.details}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    accessor: 'service_pricing',
    title: 'Pricing',
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm">{row.service_pricing}</Text>
        <Text size="xs" c="dimmed">
          {chargedCount(row)}
        </Text>
      </Stack>
    ),
  },
  { accessor: 'amount', title: 'Amount', textAlign: 'right', render: (row) => formatCents(row.usage.amount_used) },
  { accessor: 'packs', title: 'Packs used', render: (row) => <PacksUsed row={row} /> },
];

interface UsageTableProps {
  range: DayRange;
  search: TableSearch;
  onSearchChange: (search: TableSearch) => void;
}

/** The charges between From and To with search, paging and export; each row names the packs that paid it. */
export function UsageTable({ range, search, onSearchChange }: UsageTableProps) {
  const source = useMemo(() => usageSource({ target_from: range.from, target_to: range.to }), [range.from, range.to]);
  return (
    <DataTable
      label="Usage history"
      source={source}
      columns={USAGE_COLUMNS}
      storageKey="usage-history"
      emptyText={NO_USAGE_HISTORY}
      emptyDescription="Charges between these days appear here. Try an earlier From date."
      search={search}
      onSearchChange={onSearchChange}
    />
  );
}

/** The flag of spec-2 §4: the current month's usage may still change. */
export function NotFinalizedNote({ month }: { month: string }) {
  return (
    <Group gap="xs">
      <Badge color="orange" variant="dot">
        Not finalized
      </Badge>
      <Text size="sm" c="dimmed">
        Usage for {month} (Pacific/Auckland time) is not finalized and may still change.
      </Text>
    </Group>
  );
}
