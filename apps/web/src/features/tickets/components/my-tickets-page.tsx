import { Button, Tabs, Text } from '@mantine/core';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { WAITING_STATUSES } from '@portal/contract/tickets/ticket-fields';
import { SUPPORT_TICKET_PAGE_SIZE, TICKET_PAGE_SIZE } from '@portal/contract/tickets/ticket-lists';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/page/page-header';
import { adminTicketsSource } from '../api';
import { ticketColumns } from './ticket-columns';
import { useTicketListError } from './use-ticket-list-error';

export const MY_TICKETS_TABS = ['open', 'waiting', 'assigned', 'L2', 'L3', 'closed'] as const;
export type MyTicketsTab = (typeof MY_TICKETS_TABS)[number];
const LABELS: Record<MyTicketsTab, string> = {
  open: 'Open',
  waiting: 'New and escalated',
  assigned: 'Assigned to me',
  L2: 'L2',
  L3: 'L3',
  closed: 'Closed',
};

/** The list filters of each /mytickets tab (spec-2 §2.12, §4 waiting statuses). */
export function tabFilters(tab: MyTicketsTab) {
  return {
    target_open: tab === 'closed' ? (0 as const) : (1 as const),
    target_statuses: tab === 'waiting' ? [...WAITING_STATUSES] : [],
    target_assignee: tab === 'assigned' ? ('me' as const) : null,
    target_escalation: tab === 'L2' ? 2 : tab === 'L3' ? 3 : null,
  };
}

/** /mytickets: every company's tickets for support and admins. */
export function MyTicketsPage({ auth }: { auth: AuthContext }) {
  const [tab, setTab] = useState<MyTicketsTab>('open');
  const source = useMemo(() => adminTicketsSource(tabFilters(tab)), [tab]);
  const listError = useTicketListError();
  const columns = useMemo(() => ticketColumns(true, new Date()), []);
  // The support staff's variant of the list pages by 1000 (spec-2 §9).
  const pageSize = auth.roles.includes('admin') ? TICKET_PAGE_SIZE : SUPPORT_TICKET_PAGE_SIZE;
  return (
    <>
      <PageHeader
        title="My tickets"
        description="Every company’s support tickets."
        actions={
          <Button component={Link} to="/raise_alert" color="red" variant="light">
            Raise P1 Alert
          </Button>
        }
      />
      <Tabs
        value={tab}
        onChange={(v) => setTab((MY_TICKETS_TABS as readonly string[]).includes(v ?? '') ? (v as MyTicketsTab) : 'open')}
        keepMounted={false}
      >
        <Tabs.List aria-label="Ticket lists" className="app-tabs-list">
          {MY_TICKETS_TABS.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab === 'assigned' ? (
        <Text size="sm" c="dimmed" my="sm">
          Tickets an admin has assigned to you.
        </Text>
      ) : null}
      <DataTable
        key={tab}
        label={`${LABELS[tab]} tickets`}
        source={source}
        columns={columns}
        defaultPageSize={pageSize}
        emptyText={tab === 'assigned' ? 'No tickets are assigned to you' : 'No tickets'}
        onError={listError}
      />
    </>
  );
}
