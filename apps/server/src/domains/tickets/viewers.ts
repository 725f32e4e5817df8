import { randomUUID } from 'node:crypto';
import { type Actor, isStaff } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { LiveFeed } from '../../platform/live.ts';
import * as q from './queries/viewers.ts';

/**
 * Who else has a ticket open (docs/decisions/0047). Every open ticket stream is a row in `ticket_viewers`,
 * renewed by the stream's heartbeat; joining and leaving NOTIFY `ticket_viewers` with the ticket id, so staff
 * streams on every node read the list again. A node that dies leaves rows that stop being renewed: they count
 * no more after VIEWER_TTL_MS, and each staff stream reads the list on its heartbeat, so they drop out of pages.
 */
export const VIEWER_TTL_MS = 45_000;

export interface Viewer {
  user_id: number;
  contact_name: string;
  /** Staff of the vendor, as opposed to the customer's own people. */
  is_staff: boolean;
}

/** Staff acting as themselves see who else is viewing; customers (and an admin signed in as one) never do. */
export const seesViewers = (actor: Actor) => isStaff(actor) && actor.impersonatorUserId === null;

export class TicketPresence {
  readonly feed: LiveFeed;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    onError: (err: unknown) => void,
  ) {
    this.feed = new LiveFeed(db, q.TICKET_VIEWERS_CHANNEL, onError);
  }

  private since = () => new Date(this.clock.now().getTime() - VIEWER_TTL_MS);

  /** The others with the ticket open now: not the viewer themselves (in another tab either). */
  async others(ticketId: number, userId: number): Promise<Viewer[]> {
    const rows = await q.listViewers(this.db, ticketId, this.since());
    const seen = new Map<number, Viewer>();
    for (const r of rows) {
      if (r.user_id === userId || seen.has(r.user_id)) continue;
      seen.set(r.user_id, { user_id: r.user_id, contact_name: r.contact_name, is_staff: r.company_type === 'admin' });
    }
    return [...seen.values()];
  }

  /**
   * Registers a stream as a viewer. An admin signed in as a customer is not counted: staff would see the
   * customer's name on a page the customer does not have open.
   */
  async enter(ticketId: number, actor: Actor): Promise<ViewerStream> {
    const streamId = randomUUID();
    const counted = actor.impersonatorUserId === null;
    const join = () =>
      q.joinViewers(this.db, { stream_id: streamId, ticket_id: ticketId, user_id: actor.userId, seen_at: this.clock.now() }, this.since());
    if (counted) await join();
    let gone = false;
    return {
      renew: async () => {
        if (counted && !gone && !(await q.renewViewer(this.db, streamId, this.clock.now())) && !gone) await join();
      },
      leave: async () => {
        gone = true;
        if (counted) await q.leaveViewers(this.db, streamId, ticketId);
      },
    };
  }
}

export interface ViewerStream {
  /** On each heartbeat: still here (joins again if another node cleaned the row away). */
  renew(): Promise<void>;
  leave(): Promise<void>;
}

/** The event a staff stream sends when the others viewing changed; null when nothing changed since the last one. */
export function viewersEvent(viewers: Viewer[], last: string | null): string | null {
  const data = JSON.stringify({ viewers });
  return data === last ? null : data;
}
