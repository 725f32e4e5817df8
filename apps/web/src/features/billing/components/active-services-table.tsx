import { Text } from '@mantine/core';
import { ACTIVE_SERVICES_PAGE_SIZE, type ActiveService } from '@portal/contract/billing/active-services';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import type { TableSearch } from '../../../components/data-table/table-search';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { formatCents } from '../../../lib/money';
import { activeServicesSource } from '../api';
import { billingCycleText, quantityText, SERVICE_KIND_LABEL } from '../lib/service-kinds';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** Spec-2 §2.10: service, server, billing cycle days, next due date, unit cost, quantity, amount. */
export const ACTIVE_SERVICE_COLUMNS: DataTableColumn<ActiveService>[] = [
  {
    accessor: 'type',
    title: 'Service',
    render: (row) => (
      <>
        <Text size="sm" style={nowrap}>
          {SERVICE_KIND_LABEL[row.type]}
        </Text>
        {row.pricing_description ? (
          <Text size="xs" c="dimmed">
            {row.pricing_description}
          </Text>
        ) : null}
      </>
    ),
  },
  { accessor: 'details', title: 'Server' },
  {
    accessor: 'rebill_every_days',
    title: 'Billing cycle',
    render: (row) => billingCycleText(row.rebill_every_days),
    cellsStyle: () => nowrap,
  },
  { accessor: 'next_charge_again_at', title: 'Next due', render: (row) => formatDate(row.next_charge_again_at), cellsStyle: () => nowrap },
  { accessor: 'unit_cost', title: 'Unit cost', textAlign: 'right', render: (row) => formatCents(row.unit_cost) },
  { accessor: 'quantity', title: 'Billed quantity', textAlign: 'right', render: (row) => quantityText(row), cellsStyle: () => nowrap },
  { accessor: 'amount', title: 'Amount', textAlign: 'right', render: (row) => formatCents(row.amount) },
];

/** 'Updated twice a day', with when it last was. */
export function UpdatedTwiceADay({ updatedAt }: { updatedAt: string | null | undefined }) {
  return (
    <Text size="sm" c="dimmed">
      Updated twice a day{updatedAt ? `; last updated ${formatDateTime(updatedAt)} (Pacific/Auckland time)` : ''}. Devices and boosters are
      billed for the most counted in the billing cycle, so they can be more than are online now.
    </Text>
  );
}

/** A company's running services, 20 per page: the customer's own, or a company's in the drawer. */
interface ActiveServicesTableProps {
  /** Another company's (the drawer); the caller's own without. */
  companyId?: number;
  /** The page's URL state; the drawer's table keeps its own. */
  search?: TableSearch;
  onSearchChange?: (search: TableSearch) => void;
}

export function ActiveServicesTable({ companyId, search, onSearchChange }: ActiveServicesTableProps) {
  const [updatedAt, setUpdatedAt] = useState<string | null>();
  return (
    <>
      <UpdatedTwiceADay updatedAt={updatedAt} />
      <DataTable
        label="Active services"
        source={activeServicesSource(companyId)}
        columns={ACTIVE_SERVICE_COLUMNS}
        defaultPageSize={ACTIVE_SERVICES_PAGE_SIZE}
        searchable={false}
        emptyText="No active services"
        emptyDescription="Services appear here once devices are backed up, servers run or storage is used."
        onData={(output) => setUpdatedAt(output.updated_at)}
        storageKey="active-services"
        {...(search && onSearchChange ? { search, onSearchChange } : {})}
      />
    </>
  );
}
