import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { countRows, pageOf, windowTotal } from '../../../platform/paging.ts';
import { promoCodes, promoRedemptions } from '../tables.ts';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type PromoCodeFields = Pick<PromoCodeRow, 'promo_key' | 'display_name' | 'start_at' | 'finish_at' | 'amount'>;
export type PromoCodeWithCount = PromoCodeRow & { redemptions: number };

const live = isNull(promoCodes.deleted_at);
// Spelt out: inside a select list drizzle leaves a column unqualified, and "id" would name the redemption's own.
const redemptionCount = sql<number>`(select count(*) from promo_redemptions r where r.promo_code_id = "promo_codes"."id")`.mapWith(Number);

/** Changes to one spelling of a code take turns, so two admins saving the same code leave one of them. */
export async function lockKey(db: Database, key: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`promo_codes:${key.toLowerCase()}`}, 0))`);
}

/** The live code spelt so, whatever the case. */
export async function findByKey(db: Database, key: string, exceptId: number | null = null): Promise<PromoCodeRow | null> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(live, sql`lower(${promoCodes.promo_key}) = lower(${key})`, exceptId === null ? undefined : ne(promoCodes.id, exceptId)));
  return row ?? null;
}

export async function lockCode(db: Database, id: number): Promise<PromoCodeRow | null> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.id, id), live))
    .for('update');
  return row ?? null;
}

export async function findWithCount(db: Database, id: number): Promise<PromoCodeWithCount | null> {
  const [row] = await db.select({ code: promoCodes, redemptions: redemptionCount }).from(promoCodes).where(eq(promoCodes.id, id));
  return row ? { ...row.code, redemptions: row.redemptions } : null;
}

export async function pageCodes(db: Database, limit: number, offset: number): Promise<{ rows: PromoCodeWithCount[]; total: number }> {
  const { rows, total } = await pageOf(
    { limit, offset },
    (w) =>
      db
        .select({ code: promoCodes, redemptions: redemptionCount, total: windowTotal() })
        .from(promoCodes)
        .where(live)
        .orderBy(desc(promoCodes.created_at), desc(promoCodes.id))
        .limit(w.limit)
        .offset(w.offset),
    () => countRows(db, promoCodes, live),
  );
  return { rows: rows.map((r) => ({ ...r.code, redemptions: r.redemptions })), total };
}

export async function insertCode(db: Database, fields: PromoCodeFields, now: Date): Promise<PromoCodeRow> {
  const [row] = await db
    .insert(promoCodes)
    .values({ ...fields, created_at: now })
    .returning();
  if (!row) throw new Error('promo code not inserted');
  return row;
}

export async function updateCode(db: Database, id: number, fields: Partial<PromoCodeFields> & { deleted_at?: Date }): Promise<void> {
  await db.update(promoCodes).set(fields).where(eq(promoCodes.id, id));
}

/**
 * Claims the code for the company. The unique key (code, company) decides between concurrent claims:
 * a second one waits for the first to commit and then claims nothing. null: already claimed.
 */
export async function claimRedemption(db: Database, promoCodeId: number, companyId: number, now: Date): Promise<number | null> {
  const [row] = await db
    .insert(promoRedemptions)
    .values({ promo_code_id: promoCodeId, company_id: companyId, redeemed_at: now })
    .onConflictDoNothing({ target: [promoRedemptions.promo_code_id, promoRedemptions.company_id] })
    .returning({ id: promoRedemptions.id });
  return row?.id ?? null;
}

export async function setRedemptionPack(db: Database, redemptionId: number, packId: number): Promise<void> {
  await db.update(promoRedemptions).set({ credit_pack_id: packId }).where(eq(promoRedemptions.id, redemptionId));
}
