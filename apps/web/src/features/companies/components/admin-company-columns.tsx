import type { AdminCompanyRow } from '@portal/contract/companies/admin-company-list';
import type { DataTableColumn } from 'mantine-datatable';
import { DotBadge } from '../../../components/data-table/table-cells';
import { companyNameColumn } from './company-name-column';
import { COMPANY_STATE_COLOR, COMPANY_STATE_LABEL } from '../api/company-states';
import { formatDate } from '../../../lib/dates';

export function primaryContactEmail(row: AdminCompanyRow): string {
  return row.users.find((user) => user.is_primary_contact)?.email ?? '';
}

/** sortKey values are the contract's ADMIN_COMPANY_ORDER; the name opens the company dialog. */
export const adminCompanyColumns = (onOpen: (id: number) => void, onIntent?: (id: number) => void): DataTableColumn<AdminCompanyRow>[] => [
  { accessor: 'id', title: 'ID', sortable: true, sortKey: 'id', width: 80 },
  companyNameColumn<AdminCompanyRow>(onOpen, onIntent),
  { accessor: 'email', title: 'Email', sortable: true, sortKey: 'email', render: primaryContactEmail },
  { accessor: 'country', title: 'Country', sortable: true, sortKey: 'country' },
  {
    accessor: 'current_state',
    title: 'State',
    sortable: true,
    sortKey: 'current_state',
    render: (row) => <DotBadge color={COMPANY_STATE_COLOR[row.current_state]}>{COMPANY_STATE_LABEL[row.current_state]}</DotBadge>,
  },
  { accessor: 'distributor', title: 'Distributor', render: (row) => row.distributor?.company_name ?? '' },
  // Dates never wrap (docs/design.md): the whole state badge made the columns tighter and split '2025-07-\n12'.
  {
    accessor: 'created_at',
    title: 'Created',
    sortable: true,
    sortKey: 'created_at',
    noWrap: true,
    render: (row) => formatDate(row.created_at),
  },
];
