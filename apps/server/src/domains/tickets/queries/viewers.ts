import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { announce } from '../../../platform/live.ts';
import { ticketPeople, ticketViewers } from '../tables.ts';

/** The channel that tells every node a ticket's viewers changed (docs/decisions/0047). */
export const TICKET_VIEWERS_CHANNEL = 'ticket_viewers';

/** Registers an open stream as a viewer and tells every node, in one transaction; drops the ticket's expired rows. */
export async function joinViewers(
  db: Database,
  row: { stream_id: string; ticket_id: number; user_id: number; seen_at: Date },
  expiredBefore: Date,
) {
  await db.transaction(async (tx) => {
    const d = tx as unknown as Database;
    await d.delete(ticketViewers).where(and(eq(ticketViewers.ticket_id, row.ticket_id), lte(ticketViewers.seen_at, expiredBefore)));
    await d.insert(ticketViewers).values(row);
    await announce(d, TICKET_VIEWERS_CHANNEL, String(row.ticket_id));
  });
}

/** Renews a stream's row; false when it is gone (expired and cleaned by another node), so the caller joins again. */
export async function renewViewer(db: Database, streamId: string, seenAt: Date): Promise<boolean> {
  const rows = await db
    .update(ticketViewers)
    .set({ seen_at: seenAt })
    .where(eq(ticketViewers.stream_id, streamId))
    .returning({ id: ticketViewers.stream_id });
  return rows.length === 1;
}

export async function leaveViewers(db: Database, streamId: string, ticketId: number) {
  await db.transaction(async (tx) => {
    const d = tx as unknown as Database;
    await d.delete(ticketViewers).where(eq(ticketViewers.stream_id, streamId));
    await announce(d, TICKET_VIEWERS_CHANNEL, String(ticketId));
  });
}

/** The streams open on the ticket now (seen after `since`), with their people, by user. */
export async function listViewers(db: Database, ticketId: number, since: Date) {
  const rows = await db
    .select({
      user_id: ticketViewers.user_id,
      contact_name: ticketPeople.contact_name,
      company_type: ticketPeople.company_type,
      seen_at: ticketViewers.seen_at,
    })
    .from(ticketViewers)
    .innerJoin(ticketPeople, eq(ticketPeople.user_id, ticketViewers.user_id))
    .where(and(eq(ticketViewers.ticket_id, ticketId), gt(ticketViewers.seen_at, since)))
    .orderBy(asc(ticketViewers.user_id));
  return rows;
}
