/** Card transactions (every request to the gateway) and the top-up options a charge buys. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../../platform/db.ts';
import { cardTransactions, topupOptions } from '../tables.ts';

export type CardTransactionRow = typeof cardTransactions.$inferSelect;
export type NewCardTransaction = typeof cardTransactions.$inferInsert;
export type TopupOptionRow = typeof topupOptions.$inferSelect;

export async function insertCardTransaction(db: Database, row: NewCardTransaction): Promise<CardTransactionRow> {
  const [inserted] = await db.insert(cardTransactions).values(row).returning();
  if (!inserted) throw new Error('card transaction insert returned nothing');
  return inserted;
}

/**
 * Claims an idempotency key: inserts the pending row, or, when the key is taken, waits for whoever holds
 * it to finish and locks that row. Two calls with one key so take turns, and the second sees the first's
 * outcome.
 */
export async function claimKey(db: Database, row: NewCardTransaction): Promise<{ row: CardTransactionRow; created: boolean }> {
  const [inserted] = await db.insert(cardTransactions).values(row).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(cardTransactions)
    .where(eq(cardTransactions.idempotency_key, row.idempotency_key))
    .for('update');
  if (!existing) throw new Error('card transaction key vanished');
  return { row: existing, created: false };
}

export async function finishCardTransaction(
  db: Database,
  id: number,
  o: Pick<CardTransactionRow, 'success' | 'gateway_transaction_id' | 'response_text' | 'request' | 'response' | 'completed_at'> & {
    credit_pack_id?: number | null;
  },
): Promise<void> {
  await db.update(cardTransactions).set(o).where(eq(cardTransactions.id, id));
}

/** A top-up option still offered. */
export async function findTopupOption(db: Database, id: number): Promise<TopupOptionRow | null> {
  const [row] = await db
    .select()
    .from(topupOptions)
    .where(and(eq(topupOptions.id, id), isNull(topupOptions.deleted_at)));
  return row ?? null;
}

/**
 * Pay-once and invoice charges still pending that nobody has asked about since `before` (their page never came
 * back), locked, a runner at the same moment skipping them, and marked as asked about now. Automatic top-ups
 * settle their own (decision 0028).
 */
export async function takeAbandonedCharges(db: Database, before: Date, now: Date, limit: number): Promise<CardTransactionRow[]> {
  const result = await db.execute(sql`
    update card_transactions set checked_at = ${now.toISOString()}::timestamptz
    where id in (
      select id from card_transactions
      where success is null and kind = 'charge'
        and ((topup_option_id is not null and idempotency_key like 'charge:%') or invoice_id is not null)
        and created_at < ${before.toISOString()}::timestamptz
        and (checked_at is null or checked_at < ${before.toISOString()}::timestamptz)
      order by created_at limit ${limit}
      for update skip locked)
    returning id`);
  const ids = rowsOf<{ id: number | string }>(result).map((r) => Number(r.id));
  if (!ids.length) return [];
  return db.select().from(cardTransactions).where(inArray(cardTransactions.id, ids)).orderBy(cardTransactions.id);
}

/** The top-up option a charge bought, offered still or not. */
export async function topupOptionOfCharge(db: Database, id: number): Promise<TopupOptionRow | null> {
  const [row] = await db.select().from(topupOptions).where(eq(topupOptions.id, id));
  return row ?? null;
}
