import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { announce } from '../../../platform/live.ts';
import { type NewTicket, type TicketRow, ticketAttachments, ticketComments, ticketCompanies, ticketPeople, tickets } from '../tables.ts';

export type { TicketRow } from '../tables.ts';
export type CommentRow = typeof ticketComments.$inferSelect;
export type AttachmentRow = typeof ticketAttachments.$inferSelect;

/** The text the admin search reads: 'simple' keeps product names and versions as they are written. */
const vector = (text: string) => sql`to_tsvector('simple', ${text})`;

export async function insertTicket(db: Database, row: Omit<NewTicket, 'search'>): Promise<TicketRow> {
  const [made] = await db
    .insert(tickets)
    .values({ ...row, search: vector(row.subject) })
    .returning();
  if (!made) throw new Error('no ticket');
  return made;
}

export async function findTicket(db: Database, id: number): Promise<TicketRow | null> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
  return row ?? null;
}

/** The ticket, locked until the call ends: changes to one ticket take turns (hash, grouping, counters). */
export async function lockTicket(db: Database, id: number): Promise<TicketRow | null> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id)).for('update');
  return row ?? null;
}

/**
 * The channel open ticket pages listen on (live.ts). The payload is the ticket's id for news everyone who sees
 * the ticket may see, and `staffNewsKey` for news only staff may see (notes, assignees).
 */
export const TICKET_LIVE_CHANNEL = 'ticket_live';
export const staffNewsKey = (id: number) => `${id}:staff`;

/** Who may see a change: everyone who sees the ticket, or only staff acting as themselves. */
export type TicketNews = 'everyone' | 'staff';

export async function updateTicket(db: Database, id: number, changes: Partial<Omit<NewTicket, 'search'>>): Promise<void> {
  await db.update(tickets).set(changes).where(eq(tickets.id, id));
  // A new hash is news for the ticket's open pages, on every node, once this transaction commits: a new hash of
  // the company's for everyone, a new staff hash alone (a staff-only change, stamps.ts) for staff.
  if (changes.hash) await announce(db, TICKET_LIVE_CHANNEL, String(id));
  else if (changes.staff_hash) await announce(db, TICKET_LIVE_CHANNEL, staffNewsKey(id));
}

export async function insertComment(db: Database, row: typeof ticketComments.$inferInsert): Promise<CommentRow> {
  const [made] = await db.insert(ticketComments).values(row).returning();
  if (!made) throw new Error('no comment');
  await db
    .update(tickets)
    .set({ search: sql`${tickets.search} || ${vector(row.comment)}` })
    .where(eq(tickets.id, row.ticket_id));
  return made;
}

export interface CommentView extends CommentRow {
  username: string | null;
  company_name: string | null;
}

export async function listComments(db: Database, ticketId: number): Promise<CommentView[]> {
  const rows = await db
    .select({
      c: ticketComments,
      username: ticketPeople.contact_name,
      deleted: ticketPeople.deleted_at,
      company_name: ticketCompanies.company_name,
    })
    .from(ticketComments)
    .leftJoin(ticketPeople, eq(ticketPeople.user_id, ticketComments.user_id))
    .leftJoin(ticketCompanies, eq(ticketCompanies.company_id, ticketPeople.company_id))
    .where(eq(ticketComments.ticket_id, ticketId))
    .orderBy(asc(ticketComments.id));
  return rows.map((r) => ({ ...r.c, username: r.deleted ? null : r.username, company_name: r.deleted ? null : r.company_name }));
}

export async function attachmentsOfTicket(db: Database, ticketId: number): Promise<AttachmentRow[]> {
  return db.select().from(ticketAttachments).where(eq(ticketAttachments.ticket_id, ticketId)).orderBy(asc(ticketAttachments.id));
}

/** Uploads of this user not yet attached to anything, among the ids given. */
export async function unattachedUploads(db: Database, userId: number, ids: number[]): Promise<AttachmentRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(ticketAttachments)
    .where(and(inArray(ticketAttachments.id, ids), eq(ticketAttachments.uploaded_by_user_id, userId), isNull(ticketAttachments.comment_id)))
    .for('update');
}

export async function attachUploads(db: Database, ids: number[], ticketId: number, commentId: number): Promise<void> {
  if (!ids.length) return;
  await db.update(ticketAttachments).set({ ticket_id: ticketId, comment_id: commentId }).where(inArray(ticketAttachments.id, ids));
}

export async function personOf(db: Database, userId: number | null) {
  if (userId === null) return null;
  const [row] = await db.select().from(ticketPeople).where(eq(ticketPeople.user_id, userId));
  return row ?? null;
}

export async function peopleOf(db: Database, userIds: number[]) {
  if (!userIds.length) return [];
  return db.select().from(ticketPeople).where(inArray(ticketPeople.user_id, userIds));
}

export async function companyOf(db: Database, companyId: number) {
  const [row] = await db.select().from(ticketCompanies).where(eq(ticketCompanies.company_id, companyId));
  return row ?? null;
}

/** Open tickets whose reminder is due, locked; rows another node holds are skipped. */
export async function lockDueReminders(db: Database, now: Date, limit: number): Promise<TicketRow[]> {
  return db
    .select()
    .from(tickets)
    .where(and(eq(tickets.open, true), sql`${tickets.remind_at} <= ${now}`))
    .orderBy(tickets.remind_at)
    .limit(limit)
    .for('update', { skipLocked: true });
}
