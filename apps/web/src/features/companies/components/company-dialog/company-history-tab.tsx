import type { companyEventList } from '@portal/contract/companies/company-lookups';
import type { DataTableColumn } from 'mantine-datatable';
import { DataTable } from '../../../../components/data-table/data-table';
import type { RowOf } from '../../../../components/data-table/list-source';
import { formatDateTime } from '../../../../lib/dates';
import { companyEventsSource } from '../../api';
import classes from './company-history-tab.module.css';

type EventRow = RowOf<typeof companyEventList>;

const COLUMNS: DataTableColumn<EventRow>[] = [
  {
    accessor: 'timestamp',
    title: 'Time',
    sortable: true,
    sortKey: 'timestamp',
    render: (row) => formatDateTime(row.timestamp),
    noWrap: true,
  },
  { accessor: 'actor', title: 'By' },
  { accessor: 'event', title: 'Event', cellsClassName: classes.event },
];

export function CompanyHistoryTab({ companyId }: { companyId: number }) {
  return (
    <DataTable
      label="History"
      source={companyEventsSource(companyId)}
      columns={COLUMNS}
      defaultPageSize={50}
      defaultSort={{ accessor: 'timestamp', direction: 'desc' }}
      idAccessor={(row) => `${row.timestamp}-${row.event}`}
    />
  );
}
