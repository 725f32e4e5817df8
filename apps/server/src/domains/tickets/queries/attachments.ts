import { eq, inArray, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../../platform/db.ts';
import { ticketAttachments } from '../tables.ts';
import type { AttachmentRow } from './tickets.ts';

export async function insertAttachment(db: Database, row: typeof ticketAttachments.$inferInsert): Promise<AttachmentRow> {
  const [saved] = await db.insert(ticketAttachments).values(row).returning();
  if (!saved) throw new Error('attachment insert returned nothing');
  return saved;
}

export async function findAttachment(db: Database, id: number): Promise<AttachmentRow | null> {
  const [row] = await db.select().from(ticketAttachments).where(eq(ticketAttachments.id, id)).limit(1);
  return row ?? null;
}

/** One node at a time sweeps abandoned uploads; false when another holds the sweep (until its transaction ends). */
export async function takeUploadSweep(db: Database): Promise<boolean> {
  const result = await db.execute(sql`select pg_try_advisory_xact_lock(hashtextextended('ticket_attachments:sweep', 0)) as taken`);
  return rowsOf<{ taken: boolean }>(result)[0]?.taken === true;
}

/**
 * Removes up to `limit` uploads made before `cutoff` and never put on a ticket, skipping any a comment is
 * attaching this moment (it holds them locked); answers their ids and storage keys.
 */
export async function deleteUnattachedBefore(db: Database, cutoff: Date, limit: number): Promise<{ id: number; storage_key: string }[]> {
  const result = await db.execute(sql`
    delete from ticket_attachments where id in (
      select id from ticket_attachments
      where comment_id is null and ticket_id is null and created_at < ${cutoff.toISOString()}::timestamptz
      order by id limit ${limit}
      for update skip locked)
    returning id, storage_key`);
  return rowsOf<{ id: number | string; storage_key: string }>(result).map((r) => ({ id: Number(r.id), storage_key: r.storage_key }));
}

/** Those of the ids that no longer have a row. */
export async function idsGone(db: Database, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const still = await db.select({ id: ticketAttachments.id }).from(ticketAttachments).where(inArray(ticketAttachments.id, ids));
  const kept = new Set(still.map((r) => r.id));
  return ids.filter((id) => !kept.has(id));
}
