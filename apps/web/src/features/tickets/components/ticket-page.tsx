import { Alert, Anchor, Badge, Button, Grid, Group, Menu, Stack, Text } from '@mantine/core';
import { TICKET_POLL_MS, TICKET_TYPES } from '@portal/contract/tickets/ticket-fields';
import { getTicketHash } from '@portal/contract/tickets/ticket-view';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { confirmYesNo } from '../../../components/confirm/confirm-yes-no';
import { showInformation } from '../../../components/confirm/show-information';
import { notifyFailure } from '../../../components/feedback/notify';
import { PageHeader } from '../../../components/page/page-header';
import { PageSkeleton } from '../../../components/page/page-skeleton';
import { call } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/call-hooks';
import { adminTicketQuery, ticketQuery, useReopenTicket } from '../api';
import { HASH_CHECK_ERROR, hashChangedMessage, TICKET_LOAD_ERROR } from '../lib/ticket-rules';
import { exportPdfHref } from '../lib/ticket-export';
import { CloseTicketDialog } from './close-ticket-dialog';
import { MergeTicketDialog } from './merge-ticket-dialog';
import { TicketComments } from './ticket-comments';
import { TicketStaffPanel } from './ticket-staff-panel';
import { TicketViewers } from './ticket-viewers';
import { useOwnTicketChanges, useTicketLive } from './use-ticket-live';

/**
 * Polls the ticket's hash every 30 s, and checks it at once when the ticket's event stream says it changed;
 * when it changes, says so and reloads the ticket (spec-1 §8). One check at a time, so one change is told once.
 * Returns who else is viewing, from the same stream (staff only).
 */
function useHashPoll(ticketId: number, hash: string | undefined, staff: boolean) {
  const queryClient = useQueryClient();
  const known = useRef(hash);
  const loaded = useRef(hash);
  if (loaded.current !== hash) {
    loaded.current = hash;
    known.current = hash;
  }
  const checkNow = useRef(() => {});
  // Set by an own change that answered no hash: the next hash read is ours, not news.
  const adoptNext = useRef(false);
  const own = useOwnTicketChanges(ticketId, (ownHash) => {
    if (ownHash) known.current = ownHash;
    else adoptNext.current = true;
    checkNow.current();
  });
  const viewers = useTicketLive(ticketId, () => checkNow.current());
  useEffect(() => {
    let checking = false;
    const check = async () => {
      if (checking || own.inFlight()) return;
      checking = true;
      try {
        const latest = await call(getTicketHash, { target_ticket_id: ticketId });
        if (adoptNext.current) {
          adoptNext.current = false;
          known.current = latest.hash;
        } else if (known.current && latest.hash !== known.current) {
          known.current = latest.hash;
          await showInformation({ title: 'Ticket updated', message: hashChangedMessage(staff) });
          await invalidateCalls(queryClient, [adminTicketQuery.call, ticketQuery.call]);
        }
      } catch {
        if (await confirmYesNo({ title: 'Ticket', message: HASH_CHECK_ERROR, yesLabel: 'Reload', noLabel: 'Not now' }))
          window.location.reload();
      } finally {
        checking = false;
      }
    };
    checkNow.current = () => void check();
    const timer = window.setInterval(check, TICKET_POLL_MS);
    return () => window.clearInterval(timer);
  }, [ticketId, staff, queryClient, own]);
  return viewers;
}

/** /tickets/$id: the conversation for everyone; staff also get the panel of notes, fields and the customer. */
export function TicketPage({ ticketId, staff, admin }: { ticketId: number; staff: boolean; admin: boolean }) {
  const query = (staff ? adminTicketQuery : ticketQuery).useQuery({ target_ticket_id: ticketId });
  const reopen = useReopenTicket();
  const [closing, setClosing] = useState(false);
  const [merging, setMerging] = useState(false);
  const viewers = useHashPoll(ticketId, query.data?.hash, staff);
  if (query.isPending) return <PageSkeleton label="Loading ticket" />;
  if (query.isError) {
    return (
      <Alert color="red" title={TICKET_LOAD_ERROR} role="alert">
        <Anchor component={Link} to="/support">
          Go back
        </Anchor>
      </Alert>
    );
  }
  const ticket = query.data;
  const askReopen = async () => {
    if (
      !(await confirmYesNo({
        title: 'Reopen ticket?',
        message: 'The ticket opens again for support and for you.',
        yesLabel: 'Reopen ticket',
        noLabel: 'Cancel',
      }))
    )
      return;
    reopen.mutate({ target_ticket_id: ticket.id }, { onError: (error) => notifyFailure('Could not reopen the ticket', error) });
  };
  const merged = ticket.merged_into;
  const openClose =
    merged !== null ? null : ticket.open === 1 ? (
      <Button variant="default" onClick={() => setClosing(true)}>
        Close ticket
      </Button>
    ) : (
      <Button onClick={askReopen} loading={reopen.isPending}>
        Reopen ticket
      </Button>
    );
  // Plain links: the export call's GET form answers the PDF itself (docs/decisions/0044).
  const exportPdf = staff ? (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default">Export PDF</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component="a" href={exportPdfHref(ticket.id, false)} target="_blank">
          Without internal notes
        </Menu.Item>
        <Menu.Item component="a" href={exportPdfHref(ticket.id, true)} target="_blank">
          With internal notes
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  ) : (
    <Button component="a" variant="default" href={exportPdfHref(ticket.id, false)} target="_blank">
      Export PDF
    </Button>
  );
  const action = (
    <Group gap="xs">
      {exportPdf}
      {staff && merged === null ? (
        <Button variant="default" onClick={() => setMerging(true)}>
          Merge…
        </Button>
      ) : null}
      {openClose}
    </Group>
  );
  const closedBy = ticket.user_closed ? ` by ${ticket.user_closed.contact_name}` : '';
  return (
    <>
      <PageHeader title={ticket.subject} description={`Ticket #${ticket.id} · ${ticket.company_name}`} actions={action} />
      <Stack gap="md">
        <Group gap="xs">
          <Badge variant="light">{ticket.open === 1 ? ticket.status : 'Closed'}</Badge>
          <Badge variant="outline">{TICKET_TYPES[ticket.type as keyof typeof TICKET_TYPES] ?? 'Unknown type'}</Badge>
          {staff ? <Badge variant="outline">Priority: {ticket.priority}</Badge> : null}
          {staff ? <Badge variant="outline">L{ticket.escalation}</Badge> : null}
          {staff ? <TicketViewers viewers={viewers} /> : null}
        </Group>
        {merged !== null ? (
          <Alert color="blue" title={`Merged into #${merged}`}>
            This ticket’s conversation continues in{' '}
            <Link to="/tickets/$ticketId" params={{ ticketId: String(merged) }}>
              ticket #{merged}
            </Link>
            .
          </Alert>
        ) : ticket.open === 0 ? (
          <Text c="dimmed">
            Closed{closedBy}
            {ticket.closed_reason
              ? ` (${ticket.closed_reason === 'other' ? ticket.ticket_closed_other_reason : ticket.closed_reason})`
              : ''}
            .
          </Text>
        ) : null}
        {/* A merged ticket takes no more comments or changes (they answer the pointer): only the pointer shows. */}
        {merged === null ? (
          <Grid>
            <Grid.Col span={{ base: 12, md: staff ? 8 : 12 }}>
              <TicketComments ticket={ticket} staff={staff} />
            </Grid.Col>
            {staff ? (
              <Grid.Col span={{ base: 12, md: 4 }}>
                <TicketStaffPanel ticket={ticket} admin={admin} />
              </Grid.Col>
            ) : null}
          </Grid>
        ) : null}
      </Stack>
      {closing ? <CloseTicketDialog ticketId={ticket.id} admin={admin} onClose={() => setClosing(false)} /> : null}
      {merging ? <MergeTicketDialog ticketId={ticket.id} onClose={() => setMerging(false)} /> : null}
    </>
  );
}
