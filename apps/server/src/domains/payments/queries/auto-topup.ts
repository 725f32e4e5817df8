/** Automatic top-up's settings and the job's bookkeeping (docs/decisions/0028). */
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { cardTransactions, paymentCards, paymentSettings } from '../tables.ts';

export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;
export type CardRow = typeof paymentCards.$inferSelect;

export async function findSettings(db: Database, companyId: number): Promise<PaymentSettingsRow | null> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.company_id, companyId));
  return row ?? null;
}

export type SettingsChange = Pick<
  PaymentSettingsRow,
  'auto_topup_option_id' | 'auto_rebill_days_remaining' | 'auto_topup_enabled' | 'monthly_cap_cents' | 'updated_at'
>;

/** Saves the settings and re-arms the top-up, due for the job's next look. */
export async function saveSettings(db: Database, companyId: number, change: SettingsChange): Promise<void> {
  const set = { ...change, auto_topup_armed: true, auto_topup_checked_at: null };
  await db
    .insert(paymentSettings)
    .values({ company_id: companyId, ...set })
    .onConflictDoUpdate({ target: paymentSettings.company_id, set });
}

const dueSince = (before: Date) =>
  and(
    eq(paymentSettings.auto_topup_enabled, true),
    or(isNull(paymentSettings.auto_topup_checked_at), lt(paymentSettings.auto_topup_checked_at, before)),
  );

/**
 * Companies whose turned-on settings were not looked at since `before`, oldest look first; not locked: the job
 * locks each company, then claims its settings (claimDue), the order the settings calls take them in.
 */
export async function dueCompanies(db: Database, before: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ company_id: paymentSettings.company_id })
    .from(paymentSettings)
    .where(dueSince(before))
    .orderBy(sql`${paymentSettings.auto_topup_checked_at} asc nulls first`, asc(paymentSettings.company_id))
    .limit(limit);
  return rows.map((r) => r.company_id);
}

/** Marks the company's settings as looked at now, if they are still due (a parallel run may have taken them). */
export async function claimDue(db: Database, companyId: number, now: Date, before: Date): Promise<PaymentSettingsRow | null> {
  const [row] = await db
    .update(paymentSettings)
    .set({ auto_topup_checked_at: now })
    .where(and(eq(paymentSettings.company_id, companyId), dueSince(before)))
    .returning();
  return row ?? null;
}

export async function arm(db: Database, companyId: number): Promise<void> {
  await db
    .update(paymentSettings)
    .set({ auto_topup_armed: true })
    .where(and(eq(paymentSettings.company_id, companyId), eq(paymentSettings.auto_topup_armed, false)));
}

/**
 * Takes the day's one attempt: only an armed company not yet attempted today, in one conditional update,
 * so of two runs that both decided to top up, one goes on. The attempt disarms it until its credit is seen
 * at or above the threshold again.
 */
export async function claimDay(db: Database, companyId: number, day: string): Promise<boolean> {
  const rows = await db
    .update(paymentSettings)
    .set({ auto_topup_armed: false, last_auto_topup_day: day })
    .where(
      and(
        eq(paymentSettings.company_id, companyId),
        eq(paymentSettings.auto_topup_armed, true),
        or(isNull(paymentSettings.last_auto_topup_day), lt(paymentSettings.last_auto_topup_day, day)),
      ),
    )
    .returning({ company_id: paymentSettings.company_id });
  return rows.length > 0;
}

/** Marks the month's spend-cap mail as sent; false when it was sent already. */
export async function claimCapMail(db: Database, companyId: number, month: string): Promise<boolean> {
  const rows = await db
    .update(paymentSettings)
    .set({ cap_mailed_month: month })
    .where(and(eq(paymentSettings.company_id, companyId), sql`${paymentSettings.cap_mailed_month} is distinct from ${month}`))
    .returning({ company_id: paymentSettings.company_id });
  return rows.length > 0;
}

/** What automatic top-ups charged this month: their keys carry the day, so the month is a key prefix. */
export async function spentInMonth(db: Database, keyPrefix: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${cardTransactions.charged_amount}), 0)` })
    .from(cardTransactions)
    .where(
      and(
        sql`${cardTransactions.idempotency_key} like ${`${keyPrefix}%`}`,
        eq(cardTransactions.kind, 'charge'),
        eq(cardTransactions.success, true),
      ),
    );
  return Number(row?.total ?? 0);
}

export async function defaultCard(db: Database, companyId: number): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.company_id, companyId), eq(paymentCards.is_default, true), isNull(paymentCards.deleted_at)));
  return row ?? null;
}

/** A charge whose answer never came (a timeout): still pending under its key. */
export async function pendingCharge(db: Database, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(cardTransactions)
    .where(and(eq(cardTransactions.idempotency_key, idempotencyKey), isNull(cardTransactions.success)));
  return row ?? null;
}

export async function cardById(db: Database, companyId: number, cardId: number): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.company_id, companyId), eq(paymentCards.id, cardId)));
  return row ?? null;
}
