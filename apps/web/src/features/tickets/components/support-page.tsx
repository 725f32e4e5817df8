import { Button, Tabs } from '@mantine/core';
import { TICKET_PAGE_SIZE } from '@portal/contract/tickets/ticket-lists';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/page/page-header';
import { supportTicketsSource } from '../api';
import { ticketColumns } from './ticket-columns';
import { useTicketListError } from './use-ticket-list-error';

/** /support: the company's tickets in Open and Closed tabs, and Create ticket (spec-2 §2.12). */
export function SupportPage() {
  const [tab, setTab] = useState<'open' | 'closed'>('open');
  const source = useMemo(() => supportTicketsSource({ target_open: tab === 'open' ? 1 : 0 }), [tab]);
  const listError = useTicketListError();
  const columns = useMemo(() => ticketColumns(false, new Date()), []);
  const create = (
    <Button component={Link} to="/tickets/create">
      Create ticket
    </Button>
  );
  return (
    <>
      <PageHeader title="Support" description="Your company’s support tickets." actions={create} />
      <Tabs value={tab} onChange={(v) => setTab(v === 'closed' ? 'closed' : 'open')} keepMounted={false}>
        <Tabs.List aria-label="Tickets">
          <Tabs.Tab value="open">Open tickets</Tabs.Tab>
          <Tabs.Tab value="closed">Closed tickets</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <DataTable
        key={tab}
        label={tab === 'open' ? 'Open tickets' : 'Closed tickets'}
        source={source}
        columns={columns}
        defaultPageSize={TICKET_PAGE_SIZE}
        emptyText={tab === 'open' ? 'No open tickets' : 'No closed tickets'}
        emptyDescription={tab === 'open' ? 'Create a ticket to ask support for help.' : undefined}
        emptyAction={tab === 'open' ? create : undefined}
        onError={listError}
      />
    </>
  );
}
