import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

/** The ticket's server-sent event stream (apps/server/src/domains/tickets/live.ts, docs/decisions/0040). */
export const TICKET_EVENTS_PATH = '/api/v1/tickets/events';

/** Someone else with the ticket open, as the stream tells staff (docs/decisions/0047). */
export interface TicketViewer {
  user_id: number;
  contact_name: string;
  is_staff: boolean;
}

/** The `viewers` event's list; anything malformed reads as nobody rather than breaking the page. */
export function readViewers(data: string): TicketViewer[] {
  try {
    const parsed = JSON.parse(data) as { viewers?: unknown };
    if (!Array.isArray(parsed.viewers)) return [];
    return parsed.viewers.filter(
      (v): v is TicketViewer =>
        typeof v === 'object' &&
        v !== null &&
        typeof v.user_id === 'number' &&
        typeof v.contact_name === 'string' &&
        typeof v.is_staff === 'boolean',
    );
  } catch {
    return [];
  }
}

/**
 * Listens to the ticket's event stream while the page is open and calls `onChange` on each `changed` event,
 * within a second of a change on any app node. The event names no hash: `onChange` asks for it as the 30 s
 * poll does, and the poll stays as the safety net for a dropped stream or a missed notification. The browser
 * reconnects a dropped stream by itself (the server's retry hint); the stream closes when the page does.
 * Returns who else has the ticket open: only staff streams carry it, so it stays empty for customers.
 */
export function useTicketLive(ticketId: number, onChange: () => void): TicketViewer[] {
  const latest = useRef(onChange);
  latest.current = onChange;
  const [viewers, setViewers] = useState<TicketViewer[]>([]);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`${TICKET_EVENTS_PATH}?id=${ticketId}`);
    const changed = () => latest.current();
    const viewing = (event: MessageEvent<string>) => setViewers(readViewers(event.data));
    source.addEventListener('changed', changed);
    source.addEventListener('viewers', viewing);
    return () => {
      source.removeEventListener('changed', changed);
      source.removeEventListener('viewers', viewing);
      source.close();
      setViewers([]);
    };
  }, [ticketId]);
  return viewers;
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
