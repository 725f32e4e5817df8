import type { TicketListRow } from '@portal/contract/tickets/ticket-lists';
import { Link } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { DotBadge } from '../../../components/data-table/table-cells';
import classes from './ticket.module.css';
import { formatDate } from '../../../lib/dates';
import { bumpMarks, shortSubject, weeksSinceUpdate } from '../lib/ticket-rules';

/** The list columns both ticket lists share; staff also see the company, weeks since update and bumps. */
export function ticketColumns(staff: boolean, now: Date): DataTableColumn<TicketListRow>[] {
  const columns: DataTableColumn<TicketListRow>[] = [
    { accessor: 'id', title: 'Ticket', sortable: true, render: (t) => `#${t.id}` },
    {
      accessor: 'subject',
      title: 'Subject',
      sortable: true,
      render: (t) => (
        <Link to="/tickets/$ticketId" params={{ ticketId: String(t.id) }} title={t.subject} className={classes.link}>
          {shortSubject(t.subject)}
          {staff && t.bump_count > 0 ? (
            <strong title={`${t.bump_count} customer comments since the last reply`}> {bumpMarks(t.bump_count)}</strong>
          ) : null}
        </Link>
      ),
    },
    {
      accessor: 'status',
      title: 'Status',
      sortable: true,
      render: (t) => <DotBadge color={t.open ? 'blue' : 'gray'}>{t.status}</DotBadge>,
    },
    { accessor: 'priority', title: 'Priority', sortable: true },
    { accessor: 'updated_at', title: 'Updated', sortable: true, render: (t) => formatDate(t.updated_at) },
  ];
  if (!staff) return columns;
  return [
    ...columns.slice(0, 2),
    { accessor: 'company_name', title: 'Company', sortable: true, render: (t) => `${t.company_name}${t.company_is_vip ? ' (VIP)' : ''}` },
    ...columns.slice(2),
    { accessor: 'weeks', title: 'Weeks since update', render: (t) => weeksSinceUpdate(t.updated_at, now) },
    { accessor: 'tags', title: 'Tags', render: (t) => t.tags.map((g) => g.tag).join(', ') },
  ];
}
