import { type SQL, and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../../platform/db.ts';
import { billingUsage, dailyStats } from '../tables.ts';

export type DailyStatsRow = typeof dailyStats.$inferSelect;
export type NewDailyStats = typeof dailyStats.$inferInsert;

/** Stores a company's stats for a day; a later report of the same day replaces the figures it carries. */
export async function upsertDailyStats(db: Database, row: NewDailyStats): Promise<void> {
  const { company_id: _c, date: _d, ...rest } = row;
  await db
    .insert(dailyStats)
    .values(row)
    .onConflictDoUpdate({ target: [dailyStats.company_id, dailyStats.date], set: rest });
}

/**
 * Several companies' stored bytes for their days in one statement (the storage utilization job's batch): each
 * row changes storage_amount_bytes only, as recordDailyStats does for a storage report.
 */
export async function upsertStorageAmounts(
  db: Database,
  rows: { company_id: number; date: string; storage_amount_bytes: number }[],
  at: Date,
) {
  if (!rows.length) return;
  // The rows as three arrays (unnest): one small statement however large the batch.
  await db.execute(sql`
    insert into daily_stats (company_id, date, storage_amount_bytes, recorded_at)
    select company_id, date, bytes, ${at}
    from unnest(${`{${rows.map((r) => r.company_id).join(',')}}`}::int[], ${`{${rows.map((r) => r.date).join(',')}}`}::date[],
      ${`{${rows.map((r) => r.storage_amount_bytes).join(',')}}`}::bigint[]) as n(company_id, date, bytes)
    on conflict (company_id, date) do update set storage_amount_bytes = excluded.storage_amount_bytes, recorded_at = excluded.recorded_at`);
}

export async function insertDailyStats(db: Database, rows: NewDailyStats[]): Promise<void> {
  if (rows.length) await db.insert(dailyStats).values(rows).onConflictDoNothing();
}

export async function dailyStatsOf(db: Database, companyId: number, from: string, to: string): Promise<DailyStatsRow[]> {
  return db
    .select()
    .from(dailyStats)
    .where(and(eq(dailyStats.company_id, companyId), gte(dailyStats.date, from), lte(dailyStats.date, to)))
    .orderBy(desc(dailyStats.date));
}

/** What the company was charged on the days from `from` to `to`, in cents. */
export async function chargedBetween(db: Database, companyId: number, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${billingUsage.amount})` })
    .from(billingUsage)
    .where(and(eq(billingUsage.company_id, companyId), gte(billingUsage.charge_day, from), lte(billingUsage.charge_day, to)));
  return Number(row?.total ?? 0);
}

/** The first day the company was charged, or null. */
export async function firstChargeDay(db: Database, companyId: number): Promise<string | null> {
  const result = await db.execute(sql`select min(charge_day)::text as day from billing_usage where company_id = ${companyId}`);
  return rowsOf<{ day: string | null }>(result)[0]?.day ?? null;
}

/**
 * A company's run rate in cents a day, from its recent charges: for each running service, its latest charge
 * within its last cycle (a day's slack, for a run not yet made today) spread over the cycle, summed. A
 * monthly charge counts as a thirtieth a day and a daily one whole, however young the company.
 */
export const runRatePerDay = (companyId: SQL, day: string) => sql`(
  select coalesce(sum(l.amount::numeric / s.rebill_every_days), 0)
  from billing_services s
  cross join lateral (
    select u.amount from billing_usage u
    where u.service_id = s.id and u.charge_day > ${day}::date - s.rebill_every_days - 1 and u.charge_day <= ${day}::date
    order by u.charge_day desc limit 1
  ) l
  where s.company_id = ${companyId} and s.stopped_at is null)`;

export async function runRateOf(db: Database, companyId: number, day: string): Promise<number> {
  const result = await db.execute(sql`select ${runRatePerDay(sql`${companyId}`, day)}::float8 as rate`);
  return Number(rowsOf<{ rate: number | string }>(result)[0]?.rate ?? 0);
}
