import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { ticketAssignees, ticketPeople, ticketTagCatalogue, ticketTagLinks } from '../tables.ts';

export type TagRow = typeof ticketTagCatalogue.$inferSelect;

export async function allTags(db: Database): Promise<TagRow[]> {
  return db
    .select()
    .from(ticketTagCatalogue)
    .orderBy(asc(sql`lower(${ticketTagCatalogue.tag})`));
}

export async function tagsOf(db: Database, ticketId: number): Promise<TagRow[]> {
  const rows = await db
    .select({ t: ticketTagCatalogue })
    .from(ticketTagLinks)
    .innerJoin(ticketTagCatalogue, eq(ticketTagCatalogue.id, ticketTagLinks.tag_id))
    .where(eq(ticketTagLinks.ticket_id, ticketId))
    .orderBy(asc(sql`lower(${ticketTagCatalogue.tag})`));
  return rows.map((r) => r.t);
}

export async function findTag(db: Database, id: number): Promise<TagRow | null> {
  const [row] = await db.select().from(ticketTagCatalogue).where(eq(ticketTagCatalogue.id, id));
  return row ?? null;
}

/** The tag spelt so, whatever its case, made when new; two staff adding one new tag at once share it. */
export async function tagNamed(db: Database, tag: string, now: Date): Promise<TagRow> {
  await db.insert(ticketTagCatalogue).values({ tag, created_at: now }).onConflictDoNothing();
  const [row] = await db.select().from(ticketTagCatalogue).where(sql`lower(${ticketTagCatalogue.tag}) = lower(${tag})`);
  if (!row) throw new Error('no tag');
  return row;
}

export async function linkTag(db: Database, ticketId: number, tagId: number): Promise<boolean> {
  const rows = await db.insert(ticketTagLinks).values({ ticket_id: ticketId, tag_id: tagId }).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function unlinkTag(db: Database, ticketId: number, tagId: number): Promise<boolean> {
  const rows = await db
    .delete(ticketTagLinks)
    .where(and(eq(ticketTagLinks.ticket_id, ticketId), eq(ticketTagLinks.tag_id, tagId)))
    .returning();
  return rows.length > 0;
}

export async function setTagColor(db: Database, id: number, color: string): Promise<TagRow | null> {
  const [row] = await db.update(ticketTagCatalogue).set({ color }).where(eq(ticketTagCatalogue.id, id)).returning();
  return row ?? null;
}

export async function assigneesOf(db: Database, ticketId: number) {
  return db
    .select({ id: ticketPeople.user_id, contact_name: ticketPeople.contact_name })
    .from(ticketAssignees)
    .innerJoin(ticketPeople, eq(ticketPeople.user_id, ticketAssignees.user_id))
    .where(eq(ticketAssignees.ticket_id, ticketId))
    .orderBy(asc(ticketPeople.contact_name), asc(ticketPeople.user_id));
}

/** Users of the admin company who may take tickets: not deleted, admin or support. */
export async function availableAssignees(db: Database) {
  return db
    .select({ id: ticketPeople.user_id, contact_name: ticketPeople.contact_name, email: ticketPeople.email })
    .from(ticketPeople)
    .where(
      and(
        eq(ticketPeople.company_type, 'admin'),
        sql`${ticketPeople.deleted_at} is null`,
        sql`coalesce(${ticketPeople.staff_role}, 'admin') in ('admin', 'support')`,
      ),
    )
    .orderBy(asc(ticketPeople.contact_name), asc(ticketPeople.user_id));
}

export async function replaceAssignees(db: Database, ticketId: number, userIds: number[]): Promise<void> {
  await db.delete(ticketAssignees).where(eq(ticketAssignees.ticket_id, ticketId));
  if (userIds.length) await db.insert(ticketAssignees).values(userIds.map((user_id) => ({ ticket_id: ticketId, user_id })));
}

export async function assigneeUserIds(db: Database, ticketIds: number[]) {
  if (!ticketIds.length) return [];
  return db.select().from(ticketAssignees).where(inArray(ticketAssignees.ticket_id, ticketIds));
}
