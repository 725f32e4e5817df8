import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/** The ticket's server-sent event stream (apps/server/src/domains/tickets/live.ts, docs/decisions/0040). */
export const TICKET_EVENTS_PATH = '/api/v1/tickets/events';

/**
 * Listens to the ticket's event stream while the page is open and calls `onChange` on each `changed` event,
 * within a second of a change on any app node. The event names no hash: `onChange` asks for it as the 30 s
 * poll does, and the poll stays as the safety net for a dropped stream or a missed notification. The browser
 * reconnects a dropped stream by itself (the server's retry hint); the stream closes when the page does.
 */
export function useTicketLive(ticketId: number, onChange: () => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`${TICKET_EVENTS_PATH}?id=${ticketId}`);
    const changed = () => latest.current();
    source.addEventListener('changed', changed);
    return () => {
      source.removeEventListener('changed', changed);
      source.close();
    };
  }, [ticketId]);
}

/** What the page knows of its own changes to the ticket, so its own changes are not told to it as news. */
export interface OwnTicketChanges {
  /** Own changes sent and not yet answered: a check meanwhile waits, since their event may come first. */
  inFlight: () => boolean;
}

/**
 * Follows this page's own changes to the ticket. A change that answers the ticket's new hash gives it to
 * `onSettled`; one that answers none (notes) gives null, and the page adopts the next hash it reads without
 * telling. Either way the page checks again once the change is answered.
 */
export function useOwnTicketChanges(ticketId: number, onSettled: (hash: string | null) => void): OwnTicketChanges {
  const queryClient = useQueryClient();
  const latest = useRef(onSettled);
  latest.current = onSettled;
  const pending = useRef(new Set<number>());
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated') return;
        const input = event.mutation.state.variables as { target_ticket_id?: unknown } | undefined;
        if (input?.target_ticket_id !== ticketId) return;
        const id = event.mutation.mutationId;
        if (event.action.type === 'pending') pending.current.add(id);
        else if (event.action.type === 'error') pending.current.delete(id);
        else if (event.action.type === 'success') {
          pending.current.delete(id);
          const answer = event.action.data as { hash?: unknown } | undefined;
          latest.current(typeof answer?.hash === 'string' ? answer.hash : null);
        }
      }),
    [queryClient, ticketId],
  );
  return useRef<OwnTicketChanges>({ inFlight: () => pending.current.size > 0 }).current;
}
