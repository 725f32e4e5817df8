import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { ticketNotes, ticketPeople, ticketUpdates } from '../tables.ts';

export type UpdateRow = typeof ticketUpdates.$inferSelect;
export type NoteRow = typeof ticketNotes.$inferSelect;

export async function addUpdate(db: Database, row: typeof ticketUpdates.$inferInsert): Promise<void> {
  await db.insert(ticketUpdates).values(row);
}

/** The ticket's latest update; the caller holds the ticket's lock, so it stays the latest until the call ends. */
export async function latestUpdate(db: Database, ticketId: number): Promise<UpdateRow | null> {
  const [row] = await db.select().from(ticketUpdates).where(eq(ticketUpdates.ticket_id, ticketId)).orderBy(desc(ticketUpdates.id)).limit(1);
  return row ?? null;
}

export async function regroupUpdate(db: Database, id: number, changes: Pick<UpdateRow, 'added' | 'removed' | 'updated_at'>): Promise<void> {
  await db.update(ticketUpdates).set(changes).where(eq(ticketUpdates.id, id));
}

export async function deleteUpdate(db: Database, id: number): Promise<void> {
  await db.delete(ticketUpdates).where(eq(ticketUpdates.id, id));
}

export async function listUpdates(db: Database, ticketId: number) {
  const rows = await db
    .select({ u: ticketUpdates, name: ticketPeople.contact_name, deleted: ticketPeople.deleted_at })
    .from(ticketUpdates)
    .leftJoin(ticketPeople, eq(ticketPeople.user_id, ticketUpdates.user_id))
    .where(eq(ticketUpdates.ticket_id, ticketId))
    .orderBy(asc(ticketUpdates.id));
  return rows.map((r) => ({ ...r.u, contact_name: r.deleted ? null : r.name }));
}

export async function listNotes(db: Database, ticketId: number) {
  const rows = await db
    .select({ n: ticketNotes, name: ticketPeople.contact_name, deleted: ticketPeople.deleted_at })
    .from(ticketNotes)
    .leftJoin(ticketPeople, eq(ticketPeople.user_id, ticketNotes.user_id))
    .where(eq(ticketNotes.ticket_id, ticketId))
    .orderBy(asc(ticketNotes.id));
  return rows.map((r) => ({ ...r.n, username: r.deleted ? null : r.name }));
}

export async function insertNote(db: Database, row: typeof ticketNotes.$inferInsert): Promise<NoteRow> {
  const [made] = await db.insert(ticketNotes).values(row).returning();
  if (!made) throw new Error('no note');
  return made;
}

export async function updateNote(db: Database, ticketId: number, id: number, note: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(ticketNotes)
    .set({ note, updated_at: at })
    .where(and(eq(ticketNotes.id, id), eq(ticketNotes.ticket_id, ticketId)))
    .returning({ id: ticketNotes.id });
  return rows.length > 0;
}

export async function deleteNote(db: Database, ticketId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(ticketNotes)
    .where(and(eq(ticketNotes.id, id), eq(ticketNotes.ticket_id, ticketId)))
    .returning({ id: ticketNotes.id });
  return rows.length > 0;
}
