import { type SQL, and, eq, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../../platform/db.ts';
import { reportWidgetCache } from '../tables.ts';

/**
 * The Current Month widgets' reads, exactly as docs/decisions/0059 defines each figure: the report_* views only
 * (migrations 0037, 0038 and 0043), Pacific/Auckland days and months, `today` the Auckland day of the call's
 * clock. Each runs on whatever database it is given: the read replica when one is configured.
 */

const ZONE = 'Pacific/Auckland';
const all = async <R>(db: Database, query: SQL) => rowsOf<R>(await db.execute(query));

/** Companies that count in the figures: customers and distributors, not the vendor's own. */
const COUNTED_COMPANIES = sql.raw(`select * from report_companies
  where company_type in ('customer', 'distributor') and not is_internal_comet_company`);

/** A daily stats row's server version is above 22.3.0, compared part by part as numbers (decision 0059). */
const BOOSTERS_VALID_SQL = `(s.server_version ~ '^[0-9]{1,6}\\.[0-9]{1,6}\\.[0-9]{1,6}$'
  and string_to_array(s.server_version, '.')::int[] > array[22, 3, 0])`;
const BOOSTERS_VALID = sql.raw(BOOSTERS_VALID_SQL);

/**
 * The 12 Auckland months ending with today's: first day, next month's first day, the instant it ends, and its
 * last complete day of stats (today's are still arriving, so at most yesterday).
 */
const months = (today: string) => sql`
  select m::date as m_start, (m + interval '1 month')::date as m_next,
         ((m + interval '1 month')::date)::timestamp at time zone ${ZONE} as m_end_at,
         least((m + interval '1 month')::date - 1, ${today}::date - 1) as last_day
  from generate_series(date_trunc('month', ${today}::date) - interval '11 months', date_trunc('month', ${today}::date),
                       interval '1 month') m`;

const auckland = (column: string) => sql.raw(`(${column} at time zone '${ZONE}')`);

export interface MonthlyTotals {
  month: string;
  active_companies: number;
  devices: number;
  boosters: number;
  storage_bytes: number;
  revenue_charged: number;
}

export function monthlyTotals(db: Database, today: string): Promise<MonthlyTotals[]> {
  return all<MonthlyTotals>(
    db,
    sql`with b as (${months(today)}),
    paid as (
      select company_id, min(purchase_date) as first_paid_at from report_credit_packs
      where cost > 0 or is_oob_payment group by company_id),
    ledger_months as (
      select company_id, date_trunc('month', ${auckland('created_at')})::date as m, sum(amount) as delta
      from report_ledger group by 1, 2),
    balances as (
      select b.m_start, lm.company_id, sum(lm.delta) as balance
      from b join ledger_months lm on lm.m <= b.m_start group by 1, 2),
    active as (
      select bal.m_start, count(*)::int as n
      from balances bal
      join (${COUNTED_COMPANIES}) c on c.company_id = bal.company_id
      join b on b.m_start = bal.m_start
      left join paid p on p.company_id = bal.company_id
      where bal.balance > 0 and (c.has_oob_payment or p.first_paid_at < b.m_end_at)
      group by 1),
    snapshot as (
      select b.m_start, (select max(s.date) from report_daily_stats s where s.date >= b.m_start and s.date <= b.last_day) as day
      from b),
    stats as (
      select sn.m_start, sum(s.device_count)::bigint as devices,
             sum(case when ${BOOSTERS_VALID} then s.booster_count else 0 end)::bigint as boosters,
             sum(s.storage_amount_bytes)::bigint as storage_bytes
      from snapshot sn join report_daily_stats s on s.date = sn.day
      join (${COUNTED_COMPANIES}) c on c.company_id = s.company_id
      group by 1),
    revenue as (
      select b.m_start, sum(ch.amount)::bigint as amount
      from b join report_charges ch on ch.charge_day >= b.m_start and ch.charge_day < b.m_next
      join (${COUNTED_COMPANIES}) c on c.company_id = ch.company_id
      group by 1)
    select to_char(b.m_start, 'YYYY-MM') as month, coalesce(a.n, 0)::int as active_companies,
           coalesce(st.devices, 0)::float8 as devices, coalesce(st.boosters, 0)::float8 as boosters,
           coalesce(st.storage_bytes, 0)::float8 as storage_bytes, coalesce(r.amount, 0)::float8 as revenue_charged
    from b left join active a on a.m_start = b.m_start left join stats st on st.m_start = b.m_start
    left join revenue r on r.m_start = b.m_start
    order by b.m_start`,
  );
}

export interface SignupMonth {
  month: string;
  signups: number;
  days_in_month: number;
}

export function signupsByMonth(db: Database, today: string): Promise<SignupMonth[]> {
  return all<SignupMonth>(
    db,
    sql`with b as (${months(today)})
    select to_char(b.m_start, 'YYYY-MM') as month, (b.m_next - b.m_start)::int as days_in_month,
      (select count(*) from (${COUNTED_COMPANIES}) c
       where c.created_at >= b.m_start::timestamp at time zone ${ZONE} and c.created_at < b.m_end_at)::int as signups
    from b order by b.m_start`,
  );
}

/** The `count` complete Auckland days before today (today's stats are still arriving), oldest first. */
const days = (today: string, count: number) =>
  sql`select d::date as day from generate_series(${today}::date - ${count}::int, ${today}::date - 1, interval '1 day') d`;

export function activePartners(db: Database, today: string, count: number) {
  return all<{ date: string; active_partners: number }>(
    db,
    sql`select to_char(d.day, 'YYYY-MM-DD') as date,
      (select count(*) from report_daily_stats s join (${COUNTED_COMPANIES}) c on c.company_id = s.company_id
       where s.date = d.day and s.device_count > 0)::int as active_partners
    from (${days(today, count)}) d order by d.day`,
  );
}

export interface BoosterDay {
  date: string;
  microsoft365: number;
  disk_image: number;
  mssql: number;
  hyperv: number;
  vmware: number;
  proxmox: number;
  total: number;
}

export function boosterTotals(db: Database, today: string, count: number): Promise<BoosterDay[]> {
  const sum = (col: string) => sql.raw(`coalesce(sum(s.${col}) filter (where s.company_id is not null), 0)::int`);
  return all<BoosterDay>(
    db,
    sql`select to_char(d.day, 'YYYY-MM-DD') as date, ${sum('booster_microsoft365')} as microsoft365,
      ${sum('booster_disk_image')} as disk_image, ${sum('booster_mssql')} as mssql, ${sum('booster_hyperv')} as hyperv,
      ${sum('booster_vmware')} as vmware, ${sum('booster_proxmox')} as proxmox, ${sum('booster_count')} as total
    from (${days(today, count)}) d
    left join (select s.* from report_daily_stats s join (${COUNTED_COMPANIES}) c on c.company_id = s.company_id
               where ${BOOSTERS_VALID}) s on s.date = d.day
    group by d.day order by d.day`,
  );
}

export interface Movement {
  company_id: number;
  company_name: string;
  count_before: number;
  count_now: number;
  change: number;
}

/** The latest complete day with daily stats: before today, whose stats are still arriving. */
export async function latestStatsDay(db: Database, today: string): Promise<string | null> {
  const [row] = await all<{ day: string | null }>(
    db,
    sql`select to_char(max(date), 'YYYY-MM-DD') as day from report_daily_stats where date < ${today}::date`,
  );
  return row?.day ?? null;
}

/**
 * Each company's count on `day` against `before` (0 where it has no row), the biggest rises or falls first.
 * Boosters count only on servers above 22.3.0.
 */
export function movements(
  db: Database,
  what: 'devices' | 'boosters',
  day: string,
  before: string,
  direction: 'up' | 'down',
  limit: number,
) {
  const count = what === 'devices' ? sql.raw('s.device_count') : sql.raw(`case when ${BOOSTERS_VALID_SQL} then s.booster_count else 0 end`);
  const order = direction === 'up' ? sql.raw('change desc') : sql.raw('change asc');
  const keep = direction === 'up' ? sql.raw('change > 0') : sql.raw('change < 0');
  return all<Movement>(
    db,
    sql`select * from (
      select c.company_id, c.company_name,
        coalesce(sum(${count}) filter (where s.date = ${before}::date), 0)::int as count_before,
        coalesce(sum(${count}) filter (where s.date = ${day}::date), 0)::int as count_now,
        (coalesce(sum(${count}) filter (where s.date = ${day}::date), 0)
          - coalesce(sum(${count}) filter (where s.date = ${before}::date), 0))::int as change
      from report_daily_stats s join (${COUNTED_COMPANIES}) c on c.company_id = s.company_id
      where s.date in (${day}::date, ${before}::date)
      group by c.company_id, c.company_name) m
    where ${keep} order by ${order}, company_name, company_id limit ${limit}`,
  );
}

export function deviceOsByMonth(db: Database, today: string) {
  return all<{ month: string; os: string; devices: number }>(
    db,
    sql`with b as (${months(today)})
    select to_char(b.m_start, 'YYYY-MM') as month, coalesce(nullif(d.reported_os, ''), 'Not reported') as os,
           count(*)::int as devices
    from b join report_devices d on d.first_seen_at < b.m_end_at and (d.deleted_at is null or d.deleted_at >= b.m_end_at)
    join (${COUNTED_COMPANIES}) c on c.company_id = d.company_id
    group by b.m_start, 2 order by b.m_start, devices desc, os`,
  );
}

export function serversByVersion(db: Database) {
  return all<{ version: string; servers: number; companies: number; devices: number }>(
    db,
    sql`select coalesce(nullif(v.version, ''), 'Unknown') as version, count(*)::int as servers,
      count(distinct v.company_id)::int as companies, coalesce(sum(v.device_count), 0)::int as devices
    from report_servers_in_service v join (${COUNTED_COMPANIES}) c on c.company_id = v.company_id
    group by 1
    order by case when coalesce(nullif(v.version, ''), 'Unknown') ~ '^[0-9]{1,6}(\\.[0-9]{1,6})*$'
      then string_to_array(coalesce(nullif(v.version, ''), 'Unknown'), '.')::int[] end desc nulls last, 1`,
  );
}

export type EngagementFilter = 'all' | 'direct' | 'distributor_sub_accounts' | 'distributors';

const ENGAGEMENT_FILTERS: Record<EngagementFilter, string> = {
  all: 'true',
  direct: "c.company_type = 'customer' and c.distributor_id is null",
  distributor_sub_accounts: "c.company_type = 'customer' and c.distributor_id is not null",
  distributors: "c.company_type = 'distributor'",
};

export async function signupEngagement(db: Database, startDay: string, today: string, filter: EngagementFilter) {
  const [row] = await all<{ signed_up: number; completed_signup: number; downloaded: number; first_device: number; paid: number }>(
    db,
    sql`select count(*)::int as signed_up,
      count(*) filter (where c.signup_completed_at is not null)::int as completed_signup,
      count(*) filter (where exists (select 1 from report_company_downloads dl where dl.company_id = c.company_id))::int as downloaded,
      count(*) filter (where exists (select 1 from report_devices dv where dv.company_id = c.company_id)
        or exists (select 1 from report_daily_stats s where s.company_id = c.company_id and s.device_count > 0))::int as first_device,
      count(*) filter (where c.has_oob_payment or exists (select 1 from report_credit_packs p
        where p.company_id = c.company_id and (p.cost > 0 or p.is_oob_payment)))::int as paid
    from (${COUNTED_COMPANIES}) c
    where c.created_at >= ${startDay}::date::timestamp at time zone ${ZONE}
      and c.created_at < (${today}::date + 1)::timestamp at time zone ${ZONE}
      and ${sql.raw(ENGAGEMENT_FILTERS[filter])}`,
  );
  return row ?? { signed_up: 0, completed_signup: 0, downloaded: 0, first_device: 0, paid: 0 };
}

// The cache (the reports' own table, on the primary).

export type CacheRow = typeof reportWidgetCache.$inferSelect;

const keyOf = (widgetId: string, params: string) => and(eq(reportWidgetCache.widget_id, widgetId), eq(reportWidgetCache.params, params));

export async function cacheRow(db: Database, widgetId: string, params: string): Promise<CacheRow | null> {
  const [row] = await db.select().from(reportWidgetCache).where(keyOf(widgetId, params));
  return row ?? null;
}

/** Makes the row if it is missing, then locks it until the transaction ends: regenerations of a widget take turns. */
export async function lockCacheRow(db: Database, widgetId: string, params: string): Promise<CacheRow> {
  await db.insert(reportWidgetCache).values({ widget_id: widgetId, params }).onConflictDoNothing();
  const [row] = await db.select().from(reportWidgetCache).where(keyOf(widgetId, params)).for('update');
  if (!row) throw new Error('the widget cache row vanished');
  return row;
}

export async function storeCacheRow(
  db: Database,
  widgetId: string,
  params: string,
  values: { data: unknown; cached_at: Date; generation_ms: number },
): Promise<CacheRow> {
  const [row] = await db
    .update(reportWidgetCache)
    .set({ ...values, generation: sql`${reportWidgetCache.generation} + 1` })
    .where(keyOf(widgetId, params))
    .returning();
  if (!row) throw new Error('the widget cache row vanished');
  return row;
}

export function cacheState(db: Database) {
  return db
    .select({
      widget_id: reportWidgetCache.widget_id,
      params: reportWidgetCache.params,
      generation_ms: reportWidgetCache.generation_ms,
      generation: reportWidgetCache.generation,
    })
    .from(reportWidgetCache)
    .orderBy(reportWidgetCache.widget_id, reportWidgetCache.params);
}
