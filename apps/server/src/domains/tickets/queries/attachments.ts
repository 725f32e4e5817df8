import { eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
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
