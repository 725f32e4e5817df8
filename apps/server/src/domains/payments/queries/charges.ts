/** Card transactions (every request to the gateway) and the top-up options a charge buys. */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
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
