import { and, asc, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { pageOf, windowTotal } from '../../../platform/paging.ts';
import { reportCompanies, reportDailyStats, reportServersInService, reportTickets } from '../tables.ts';

export type VersionReportOrder = 'company_name' | 'primary_email' | 'server_count' | 'device_count';

export interface VersionReportQuery {
  version: string;
  search: string;
  order: VersionReportOrder;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * The companies (not deleted) with servers in service on the version, one row each: how many servers and the
 * devices those servers reported (docs/decisions/0063). Sorted by the chosen column, then by company id, so
 * pages never share or skip a row.
 */
export async function pageCompaniesOnVersion(db: Database, q: VersionReportQuery) {
  const s = reportServersInService;
  const c = reportCompanies;
  const perCompany = db.$with('per_company').as(
    db
      .select({
        company_id: s.company_id,
        server_count: sql<number>`count(*)::int`.as('server_count'),
        device_count: sql<number>`coalesce(sum(${s.device_count}), 0)::int`.as('device_count'),
      })
      .from(s)
      .where(eq(s.version, q.version))
      .groupBy(s.company_id),
  );
  const pattern = `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const searched = q.search ? sql`(${c.company_name} ilike ${pattern} or ${c.primary_email} ilike ${pattern})` : undefined;
  const key = {
    company_name: sql`lower(${c.company_name})`,
    primary_email: sql`lower(${c.primary_email})`,
    server_count: perCompany.server_count,
    device_count: perCompany.device_count,
  }[q.order];
  const dir = q.direction === 'desc' ? desc : asc;
  const page = await pageOf(
    q,
    (w) =>
      db
        .with(perCompany)
        .select({
          company_id: c.company_id,
          company_name: c.company_name,
          primary_email: c.primary_email,
          server_count: perCompany.server_count,
          device_count: perCompany.device_count,
          total: windowTotal(),
        })
        .from(perCompany)
        .innerJoin(c, eq(c.company_id, perCompany.company_id))
        .where(and(isNull(c.deleted_at), searched))
        .orderBy(dir(key), dir(c.company_id))
        .limit(w.limit)
        .offset(w.offset),
    async () => {
      const [count] = await db
        .with(perCompany)
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(perCompany)
        .innerJoin(c, eq(c.company_id, perCompany.company_id))
        .where(and(isNull(c.deleted_at), searched));
      return count?.n ?? 0;
    },
  );
  return { rows: page.rows.map(({ total: _t, ...row }) => row), total: page.total };
}

/**
 * Each day from `from` to `to` (inclusive) that has daily stats, summed over the companies that are not
 * internal; active partners count the companies with devices that day (as /reports' Active Partners Over Time,
 * decision 0059), storage accounts those with storage.
 */
export async function dailyStatsTotals(db: Database, from: string, to: string) {
  const d = reportDailyStats;
  const c = reportCompanies;
  return db
    .select({
      date: d.date,
      device_count: sql<number>`coalesce(sum(${d.device_count}), 0)`.mapWith(Number),
      booster_count: sql<number>`coalesce(sum(${d.booster_count}), 0)`.mapWith(Number),
      active_partner_count: sql<number>`count(*) filter (where ${d.device_count} > 0)`.mapWith(Number),
      hosted_comet_v2_count: sql<number>`coalesce(sum(${d.hosted_comet_v2_count}), 0)`.mapWith(Number),
      cloudview_count: sql<number>`coalesce(sum(${d.cloudview_count}), 0)`.mapWith(Number),
      storage_amount_total: sql<number>`coalesce(sum(${d.storage_amount_bytes}), 0)`.mapWith(Number),
      storage_active_count: sql<number>`count(*) filter (where ${d.storage_amount_bytes} > 0)`.mapWith(Number),
    })
    .from(d)
    .innerJoin(c, eq(c.company_id, d.company_id))
    .where(and(gte(d.date, from), sql`${d.date} <= ${to}`, eq(c.is_internal_comet_company, false)))
    .groupBy(d.date)
    .orderBy(asc(d.date));
}

/** Tickets opened and closed in [since, until), open at the moment, and open at Critical priority. */
export async function ticketStats(db: Database, since: Date, until: Date) {
  const t = reportTickets;
  // As text with a cast: a Date is not a parameter every driver takes inside raw SQL.
  const from = sql`${since.toISOString()}::timestamptz`;
  const to = sql`${until.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      opened: sql<number>`count(*) filter (where ${t.created_at} >= ${from} and ${t.created_at} < ${to})`.mapWith(Number),
      closed: sql<number>`count(*) filter (where ${t.closed_at} >= ${from} and ${t.closed_at} < ${to})`.mapWith(Number),
      open_now: sql<number>`count(*) filter (where ${t.open})`.mapWith(Number),
      critical_open: sql<number>`count(*) filter (where ${t.open} and ${t.priority} = 'Critical')`.mapWith(Number),
    })
    .from(t)
    .where(lt(t.created_at, until));
  return row ?? { opened: 0, closed: 0, open_now: 0, critical_open: 0 };
}
