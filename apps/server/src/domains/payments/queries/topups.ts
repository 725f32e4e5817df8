import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { paymentSettings, topupOptions } from '../tables.ts';

export type TopupOptionRow = typeof topupOptions.$inferSelect;
export type TopupOptionFields = Pick<TopupOptionRow, 'name' | 'cost' | 'amount' | 'expiry_length_days' | 'is_user_visible' | 'is_default'>;

const live = isNull(topupOptions.deleted_at);

/** Options still on sale, cheapest credit first; only the visible ones for customers. */
export async function listOptions(db: Database, o: { visibleOnly: boolean }): Promise<TopupOptionRow[]> {
  return db
    .select()
    .from(topupOptions)
    .where(o.visibleOnly ? and(live, eq(topupOptions.is_user_visible, true)) : live)
    .orderBy(asc(topupOptions.amount), asc(topupOptions.id));
}

/** A live option, locked for the rest of the transaction. */
export async function lockOption(db: Database, id: number): Promise<TopupOptionRow | null> {
  const [row] = await db
    .select()
    .from(topupOptions)
    .where(and(eq(topupOptions.id, id), live))
    .for('update');
  return row ?? null;
}

/**
 * Changes of the default take turns, so two admins making different options the default leave one
 * default rather than a unique-index error.
 */
export async function lockDefaultChanges(db: Database): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('topup_options:default', 0))`);
}

export async function clearDefault(db: Database, exceptId: number | null, now: Date): Promise<void> {
  await db
    .update(topupOptions)
    .set({ is_default: false, updated_at: now })
    .where(and(live, eq(topupOptions.is_default, true), exceptId === null ? undefined : ne(topupOptions.id, exceptId)));
}

export async function insertOption(db: Database, fields: TopupOptionFields, now: Date): Promise<TopupOptionRow> {
  const [row] = await db
    .insert(topupOptions)
    .values({ ...fields, created_at: now, updated_at: now })
    .returning();
  if (!row) throw new Error('top-up option not inserted');
  return row;
}

export async function updateOption(db: Database, id: number, fields: Partial<TopupOptionFields> & { deleted_at?: Date }, now: Date) {
  const [row] = await db
    .update(topupOptions)
    .set({ ...fields, updated_at: now })
    .where(eq(topupOptions.id, id))
    .returning();
  if (!row) throw new Error(`top-up option ${id} not updated`);
  return row;
}

/** Companies whose automatic top-up buys this option. */
export async function countAutoTopupUsers(db: Database, optionId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(paymentSettings)
    .where(eq(paymentSettings.auto_topup_option_id, optionId));
  return row?.n ?? 0;
}
