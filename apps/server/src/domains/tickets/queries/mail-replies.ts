import type { Database } from '../../../platform/db.ts';
import { ticketMailReplies } from '../tables.ts';

/** Marks a mail answer as taken; false when this Message-ID was taken before (a relay sending it again). */
export async function takeMailReply(db: Database, messageId: string, ticketId: number, at: Date): Promise<boolean> {
  const rows = await db
    .insert(ticketMailReplies)
    .values({ message_id: messageId, ticket_id: ticketId, received_at: at })
    .onConflictDoNothing()
    .returning({ id: ticketMailReplies.message_id });
  return rows.length === 1;
}
