/**
 * The read side of billing's calls: credit packs, usage with the packs that paid it, active services,
 * daily stats and refunds as the screens list them. Writes go through the ledger (ledger.ts); nothing
 * here changes a row.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { countRows, pageOf, windowTotal } from '../../../platform/paging.ts';
import { billingDevices, billingServices, billingUsage, creditLedger, creditPacks, dailyStats } from '../tables.ts';

export type PackRow = typeof creditPacks.$inferSelect;

/**
 * A pack is expired when an expiry row was written, its date has passed, or it is used up (spec-2 §3);
 * ordered so the packs that still hold credit come first.
 */
const packSpent = (now: Date) =>
  sql<boolean>`(${creditPacks.expired_at} is not null or coalesce(${creditPacks.expiry_date} <= ${now}, false)
    or ${creditPacks.amount_used} + ${creditPacks.amount_expired} >= ${creditPacks.amount})`;

/** The company's packs, still-usable first, then newest; with the total in the same statement. */
export async function pagePacks(db: Database, companyId: number, now: Date, limit: number, offset: number) {
  const page = await pageOf(
    { limit, offset },
    (w) =>
      db
        .select({ pack: creditPacks, total: windowTotal() })
        .from(creditPacks)
        .where(eq(creditPacks.company_id, companyId))
        .orderBy(packSpent(now), desc(creditPacks.purchase_date), desc(creditPacks.id))
        .limit(w.limit)
        .offset(w.offset),
    () => countPacks(db, [companyId]),
  );
  return { rows: page.rows.map((r) => r.pack), total: page.total };
}

/** Packs of several companies, newest first (the admin's Manage Credit tab). */
export async function pagePacksOf(db: Database, companyIds: number[], limit: number, offset: number) {
  const page = await pageOf(
    { limit, offset },
    (w) =>
      db
        .select({ pack: creditPacks, total: windowTotal() })
        .from(creditPacks)
        .where(inArray(creditPacks.company_id, companyIds))
        .orderBy(desc(creditPacks.purchase_date), desc(creditPacks.id))
        .limit(w.limit)
        .offset(w.offset),
    () => countPacks(db, companyIds),
  );
  return { rows: page.rows.map((r) => r.pack), total: page.total };
}

const countPacks = (db: Database, companyIds: number[]) => countRows(db, creditPacks, inArray(creditPacks.company_id, companyIds));

export async function findPack(db: Database, packId: number): Promise<PackRow | null> {
  const [row] = await db.select().from(creditPacks).where(eq(creditPacks.id, packId));
  return row ?? null;
}

export interface UsageQuery {
  companyId: number;
  from: string | null;
  to: string | null;
  /** An ILIKE pattern, or null for no search. */
  pattern: string | null;
  limit: number;
  offset: number;
}

function usageWhere(q: UsageQuery) {
  return and(
    eq(billingUsage.company_id, q.companyId),
    q.from ? gte(billingUsage.charge_day, q.from) : undefined,
    q.to ? lte(billingUsage.charge_day, q.to) : undefined,
    q.pattern
      ? sql`(${billingUsage.kind}::text ilike ${q.pattern} or ${billingUsage.details} ilike ${q.pattern}
          or ${billingUsage.pricing_description} ilike ${q.pattern} or ${billingUsage.variant} ilike ${q.pattern})`
      : undefined,
  );
}

/** A page of the company's charges, newest day first, with the total in the same statement. */
export async function pageUsage(db: Database, q: UsageQuery) {
  return pageOf(
    q,
    (w) =>
      db
        .select({
          id: billingUsage.id,
          charge_day: billingUsage.charge_day,
          kind: billingUsage.kind,
          variant: billingUsage.variant,
          details: billingUsage.details,
          quantity: billingUsage.quantity,
          amount: billingUsage.amount,
          pricing_description: billingUsage.pricing_description,
          total: windowTotal(),
        })
        .from(billingUsage)
        .where(usageWhere(q))
        .orderBy(desc(billingUsage.charge_day), desc(billingUsage.id))
        .limit(w.limit)
        .offset(w.offset),
    () => countRows(db, billingUsage, usageWhere(q)),
  );
}

/** Which packs paid each of these charges, in the order they paid ('Packs Used'). */
export async function deductionsOf(db: Database, companyId: number, usageIds: number[]) {
  if (!usageIds.length) return [];
  return db
    .select({
      usage_id: creditLedger.usage_id,
      name: creditPacks.name,
      amount: creditLedger.amount,
      expiry_date: creditPacks.expiry_date,
    })
    .from(creditLedger)
    .innerJoin(creditPacks, eq(creditPacks.id, creditLedger.pack_id))
    .where(and(eq(creditLedger.company_id, companyId), inArray(creditLedger.usage_id, usageIds), eq(creditLedger.kind, 'charge')))
    .orderBy(asc(creditLedger.id));
}

/** The newest charge day and its total. */
export async function latestUsageDay(db: Database, companyId: number) {
  const [row] = await db
    .select({ day: billingUsage.charge_day })
    .from(billingUsage)
    .where(eq(billingUsage.company_id, companyId))
    .orderBy(desc(billingUsage.charge_day))
    .limit(1);
  if (!row) return null;
  const [sum] = await db
    .select({ amount: sql<number>`coalesce(sum(${billingUsage.amount}), 0)`.mapWith(Number) })
    .from(billingUsage)
    .where(and(eq(billingUsage.company_id, companyId), eq(billingUsage.charge_day, row.day)));
  return { date: row.day, amount_cents: sum?.amount ?? 0 };
}

/** The company's running services, in the order they started; with the total and the last recompute. */
export async function pageActiveServices(db: Database, companyId: number, limit: number, offset: number) {
  const running = and(eq(billingServices.company_id, companyId), isNull(billingServices.stopped_at));
  const page = await pageOf(
    { limit, offset },
    (w) =>
      db
        .select({
          service: billingServices,
          total: windowTotal(),
          updated_at: sql<Date | null>`max(${billingServices.updated_at}) over ()`.mapWith((v) => (v === null ? null : new Date(v))),
        })
        .from(billingServices)
        .where(running)
        .orderBy(asc(billingServices.id))
        .limit(w.limit)
        .offset(w.offset),
    () => countRows(db, billingServices, running),
  );
  return {
    rows: page.rows.map((r) => r.service),
    total: page.total,
    updated_at: page.rows[0]?.updated_at ?? (page.total ? await lastRecompute() : null),
  };

  // A page past the end carries no recompute time either: only then is it read on its own.
  async function lastRecompute() {
    const [agg] = await db
      .select({ at: sql<Date | null>`max(${billingServices.updated_at})` })
      .from(billingServices)
      .where(running);
    return agg?.at ? new Date(agg.at) : null;
  }
}

/** What the plan limits count: running licences (a service may hold several serials) and hosted consoles. */
export async function runningLimitedServices(db: Database, companyId: number) {
  const [row] = await db
    .select({
      serials:
        sql<number>`coalesce(sum(case when ${billingServices.kind} = 'serial' then coalesce(${billingServices.serial_count}, 1) end), 0)`.mapWith(
          Number,
        ),
      hosted: sql<number>`count(*) filter (where ${billingServices.kind} = 'hosted_server')`.mapWith(Number),
    })
    .from(billingServices)
    .where(and(eq(billingServices.company_id, companyId), isNull(billingServices.stopped_at)));
  return { serials: row?.serials ?? 0, hostedServers: row?.hosted ?? 0 };
}

/** The company's newest daily stats row, or null. */
/** The newest daily figures up to `today`: storage records tomorrow's bytes ahead (decision 0055), not its devices. */
export async function latestDailyStats(db: Database, companyId: number, today: string) {
  const [row] = await db
    .select()
    .from(dailyStats)
    .where(and(eq(dailyStats.company_id, companyId), lte(dailyStats.date, today)))
    .orderBy(desc(dailyStats.date))
    .limit(1);
  return row ?? null;
}

/** The company's latest day of stats, or null before its servers have reported any. */
export async function latestDailyStatsOf(db: Database, companyId: number) {
  const [row] = await db.select().from(dailyStats).where(eq(dailyStats.company_id, companyId)).orderBy(desc(dailyStats.date)).limit(1);
  return row ?? null;
}

export async function dailyStatsOf(db: Database, companyIds: number[], from: string, to: string) {
  return db
    .select()
    .from(dailyStats)
    .where(and(inArray(dailyStats.company_id, companyIds), gte(dailyStats.date, from), lte(dailyStats.date, to)))
    .orderBy(asc(dailyStats.date), asc(dailyStats.company_id));
}

/**
 * The company's ledger per day (Pacific/Auckland) since a moment: what left (charges, expiries) and what
 * arrived (credits, refunds), and the net. The balance chart walks back from today's balance with it.
 */
export async function ledgerByDay(db: Database, companyId: number, since: Date) {
  const day = sql<string>`to_char(${creditLedger.created_at} at time zone 'Pacific/Auckland', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      net: sql<number>`sum(${creditLedger.amount})`.mapWith(Number),
      charged: sql<number>`coalesce(-sum(${creditLedger.amount}) filter (where ${creditLedger.kind} = 'charge'), 0)`.mapWith(Number),
      credited: sql<number>`coalesce(sum(${creditLedger.amount}) filter (where ${creditLedger.kind} in ('credit', 'refund')), 0)`.mapWith(
        Number,
      ),
    })
    .from(creditLedger)
    .where(and(eq(creditLedger.company_id, companyId), gte(creditLedger.created_at, since)))
    .groupBy(day);
}

/** Devices of the company not deleted and first seen after a moment: inside the guarantee window. */
export async function pageDevicesSeenSince(db: Database, companyId: number, since: Date, limit: number, offset: number) {
  const where = and(eq(billingDevices.company_id, companyId), isNull(billingDevices.deleted_at), gte(billingDevices.first_seen_at, since));
  const page = await pageOf(
    { limit, offset },
    (w) =>
      db
        .select({ device: billingDevices, total: windowTotal() })
        .from(billingDevices)
        .where(where)
        .orderBy(asc(billingDevices.first_seen_at), asc(billingDevices.id))
        .limit(w.limit)
        .offset(w.offset),
    () => countRows(db, billingDevices, where),
  );
  return { rows: page.rows.map((r) => r.device), total: page.total };
}

/** The refunds credited to the company: one pack per run, with the users it refunded. */
export async function pageRefunds(db: Database, companyId: number, limit: number, offset: number) {
  const where = and(eq(creditPacks.company_id, companyId), eq(creditPacks.source, 'refund'), isNotNull(billingDevices.refunded_at));
  return pageOf(
    { limit, offset },
    (w) =>
      db
        .select({
          id: creditPacks.id,
          amount: creditPacks.amount,
          purchase_date: creditPacks.purchase_date,
          users: sql<string[]>`array_agg(${billingDevices.username} order by ${billingDevices.username})`,
          total: windowTotal(),
        })
        .from(creditPacks)
        .innerJoin(billingDevices, eq(billingDevices.refund_pack_id, creditPacks.id))
        .where(where)
        .groupBy(creditPacks.id)
        .orderBy(desc(creditPacks.purchase_date), desc(creditPacks.id))
        .limit(w.limit)
        .offset(w.offset),
    async () => {
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${creditPacks.id})`.mapWith(Number) })
        .from(creditPacks)
        .innerJoin(billingDevices, eq(billingDevices.refund_pack_id, creditPacks.id))
        .where(where);
      return row?.n ?? 0;
    },
  );
}

/** The company's device charges from a day on: one row per charge day, what it cost and for how many devices. */
export async function deviceChargesSince(db: Database, companyId: number, fromDay: string) {
  return db
    .select({ day: billingUsage.charge_day, amount: billingUsage.amount, quantity: billingUsage.quantity })
    .from(billingUsage)
    .where(and(eq(billingUsage.company_id, companyId), eq(billingUsage.kind, 'device'), gte(billingUsage.charge_day, fromDay)))
    .orderBy(asc(billingUsage.charge_day));
}
