import { and, desc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { ticketAssignees, ticketAttachments, ticketComments, ticketNotes, ticketTagLinks, ticketUpdates, tickets } from '../tables.ts';

/**
 * Moves the merged ticket's conversation into the one it merges into: comments, notes, attachments and updates
 * change ticket, so the target lists them in id order among its own; notes stay notes (staff-only). Tags and
 * assignees are joined; the search text is joined too, so the admin list finds the target by either's words.
 */
export async function moveConversation(db: Database, fromId: number, intoId: number): Promise<void> {
  await db.update(ticketComments).set({ ticket_id: intoId }).where(eq(ticketComments.ticket_id, fromId));
  await db.update(ticketNotes).set({ ticket_id: intoId }).where(eq(ticketNotes.ticket_id, fromId));
  await db.update(ticketAttachments).set({ ticket_id: intoId }).where(eq(ticketAttachments.ticket_id, fromId));
  await db.update(ticketUpdates).set({ ticket_id: intoId }).where(eq(ticketUpdates.ticket_id, fromId));
  await db.execute(
    sql`insert into ${ticketTagLinks} (ticket_id, tag_id) select ${intoId}, tag_id from ${ticketTagLinks} where ticket_id = ${fromId} on conflict do nothing`,
  );
  await db.execute(
    sql`insert into ${ticketAssignees} (ticket_id, user_id) select ${intoId}, user_id from ${ticketAssignees} where ticket_id = ${fromId} on conflict do nothing`,
  );
  await db
    .update(tickets)
    .set({ search: sql`${tickets.search} || (select t.search from ${tickets} t where t.id = ${fromId})` })
    .where(eq(tickets.id, intoId));
}

/** LIKE's wildcards typed by staff match themselves. */
const literal = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The company's other tickets not merged away, by id (digits, '#12') or subject words; newest first. Staff alone
 * merge, so their update time is the one shown and sorted by (docs/decisions/0097).
 */
export async function mergeCandidates(db: Database, companyId: number, exceptId: number, search: string, limit: number) {
  const digits = /^#?(\d{1,9})$/.exec(search)?.[1];
  const match = search
    ? or(ilike(tickets.subject, `%${literal(search)}%`), digits ? eq(tickets.id, Number(digits)) : undefined)
    : undefined;
  return db
    .select({ id: tickets.id, subject: tickets.subject, open: tickets.open, updated_at: tickets.staff_updated_at })
    .from(tickets)
    .where(and(eq(tickets.company_id, companyId), ne(tickets.id, exceptId), isNull(tickets.merged_into_ticket_id), match))
    .orderBy(desc(tickets.staff_updated_at), desc(tickets.id))
    .limit(limit);
}
