/** Card transactions (every request to the gateway) and the top-up options a charge buys. */
import { and, eq, isNull, sql } from 'drizzle-orm';
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

const abandonedSince = (before: Date) => sql`
  success is null and kind = 'charge'
  and ((topup_option_id is not null and idempotency_key like 'charge:%') or invoice_id is not null)
  and created_at < ${before.toISOString()}::timestamptz
  and (checked_at is null or checked_at < ${before.toISOString()}::timestamptz)`;

/**
 * Pay-once and invoice charges pending since before `before` (their page never came back) and not asked about
 * since, oldest first; automatic top-ups settle their own (decision 0028). Not locked: the job takes each one's
 * company lock first where it may credit the company, then claims it.
 */
export async function abandonedCharges(db: Database, before: Date, limit: number) {
  const result = await db.execute(sql`
    select id, company_id, invoice_id from card_transactions where ${abandonedSince(before)} order by created_at limit ${limit}`);
  return rowsOf<{ id: number | string; company_id: number | string; invoice_id: number | string | null }>(result).map((r) => ({
    id: Number(r.id),
    company_id: Number(r.company_id),
    invoice_id: r.invoice_id === null ? null : Number(r.invoice_id),
  }));
}

/**
 * Marks one abandoned charge as asked about now, if it still is one and no call holds it (skipped: the page
 * that holds it settles it); answers it locked, or null.
 */
export async function claimAbandonedCharge(db: Database, id: number, before: Date, now: Date): Promise<CardTransactionRow | null> {
  const result = await db.execute(sql`
    update card_transactions set checked_at = ${now.toISOString()}::timestamptz
    where id in (select id from card_transactions where id = ${id} and ${abandonedSince(before)} for update skip locked)
    returning id`);
  if (!rowsOf(result).length) return null;
  const [row] = await db.select().from(cardTransactions).where(eq(cardTransactions.id, id));
  return row ?? null;
}

/** The top-up option a charge bought, offered still or not. */
export async function topupOptionOfCharge(db: Database, id: number): Promise<TopupOptionRow | null> {
  const [row] = await db.select().from(topupOptions).where(eq(topupOptions.id, id));
  return row ?? null;
}
