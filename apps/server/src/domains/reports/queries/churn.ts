import type { PaidChurnMonth, PaidChurnRow, RevenueMovementMonth, TrialChurnRow } from '@portal/contract/reports/churn';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../../platform/db.ts';

/**
 * Churn Tracking's reads, exactly as docs/decisions/0058 defines each figure: the report_* views only
 * (migration 0037), months are Pacific/Auckland calendar months, `now` is the call's clock.
 */

const ZONE = 'Pacific/Auckland';

/** Companies whose ACTIVE state is paid for: customers and distributors, not the vendor's own. */
const PAID_COMPANIES = sql.raw(`select company_id, company_name, current_state from report_companies
  where company_type in ('customer', 'distributor') and not is_internal_comet_company`);

/** The first day of the Auckland month `now` falls in, moved by `offset` months. */
const monthOf = (now: Date, offset: number) =>
  sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${ZONE}) + make_interval(months => ${offset}))::date`;

/** The months first..last (offsets from the current month) with the instants they start and end at. */
const monthsBetween = (now: Date, first: number, last: number) => sql`
  select m::date as month, (m::date)::timestamp at time zone ${ZONE} as start_at,
         ((m::date) + interval '1 month')::timestamp at time zone ${ZONE} as end_at
  from generate_series(${monthOf(now, first)}, ${monthOf(now, last)}, interval '1 month') m`;

/**
 * Paid churn events (decision 0058): a paid company's change ACTIVE -> SUSPENDED, or its change to DELETED
 * from ACTIVE, directly (a forced delete) or through a pending delete that ACTIVE started.
 */
const churnEvents = (since: SQL, until: SQL) => sql`
  select c.id, c.company_id, p.company_name, p.current_state, c.to_state, c.reason, c.created_at
  from report_company_state_changes c
  join (${PAID_COMPANIES}) p on p.company_id = c.company_id
  where c.created_at >= ${since} and c.created_at < ${until}
    and ((c.to_state = 'SUSPENDED' and c.from_state = 'ACTIVE')
      or (c.to_state = 'DELETED' and (c.from_state = 'ACTIVE' or (c.from_state = 'PENDING_DELETE' and (
        select pd.from_state from report_company_state_changes pd
        where pd.company_id = c.company_id and pd.to_state = 'PENDING_DELETE'
          and (pd.created_at, pd.id) < (c.created_at, c.id)
        order by pd.created_at desc, pd.id desc limit 1) = 'ACTIVE'))))`;

const startOf = (now: Date, offset: number) => sql`((${monthOf(now, offset)})::timestamp at time zone ${ZONE})`;
const nowParam = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** Paid churn per month, the months offsets first..0 (0 is the month still running). */
export async function paidChurnByMonth(db: Database, now: Date, months: number): Promise<PaidChurnMonth[]> {
  const first = 1 - months;
  const result = await db.execute(sql`
    with months as (${monthsBetween(now, first, 0)}),
    at_start as (
      select m.month, count(*)::int as n
      from months m
      cross join lateral (
        select distinct on (s.company_id) s.company_id, s.to_state
        from report_company_state_changes s
        where s.created_at < m.start_at
        order by s.company_id, s.created_at desc, s.id desc
      ) latest
      join (${PAID_COMPANIES}) p on p.company_id = latest.company_id
      where latest.to_state = 'ACTIVE'
      group by m.month
    ),
    events as (${churnEvents(startOf(now, first), nowParam(now))})
    select to_char(m.month, 'YYYY-MM') as month,
           m.end_at > ${nowParam(now)} as is_partial,
           coalesce(a.n, 0) as paid_at_start,
           count(distinct e.company_id) filter (where e.to_state = 'DELETED')::int as churned_to_deleted,
           count(distinct e.company_id) filter (where e.to_state = 'SUSPENDED')::int as churned_to_suspended,
           count(distinct e.company_id)::int as churned,
           case when coalesce(a.n, 0) = 0 then null
                else round(100.0 * count(distinct e.company_id) / a.n, 2)::float8 end as churn_rate_percent
    from months m
    left join at_start a on a.month = m.month
    left join events e on e.created_at >= m.start_at and e.created_at < m.end_at
    group by m.month, m.end_at, a.n
    order by m.month`);
  return rowsOf<PaidChurnMonth>(result);
}

/** The paid churn events of the months offsets (1 - months)..0, most recent first. */
export async function paidChurnRows(db: Database, now: Date, months: number, limit: number): Promise<PaidChurnRow[]> {
  const result = await db.execute(sql`
    select e.company_id, e.company_name, e.to_state, e.reason, e.current_state,
           to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as churned_at
    from (${churnEvents(startOf(now, 1 - months), nowParam(now))}) e
    order by e.created_at desc, e.id desc
    limit ${limit}`);
  return rowsOf<PaidChurnRow>(result);
}

/**
 * Trials that fully churned in the past `days` days (decision 0058): customers never ACTIVE whose latest
 * change, within the window, left them SUSPENDED, PENDING_DELETE or DELETED after a trial; days churned
 * count whole days since the company left TRIAL.
 */
export async function trialChurn(db: Database, now: Date, days: number): Promise<TrialChurnRow[]> {
  const since = sql`(${nowParam(now)} - make_interval(days => ${days}))`;
  const result = await db.execute(sql`
    with latest as (
      select distinct on (s.company_id) s.company_id, s.to_state, s.reason, s.created_at
      from report_company_state_changes s
      where s.company_id in (select company_id from report_company_state_changes where created_at >= ${since})
      order by s.company_id, s.created_at desc, s.id desc
    )
    select c.company_id, c.company_name, l.to_state as latest_state,
           to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as latest_state_created_at,
           l.reason as latest_state_reason,
           floor(extract(epoch from (${nowParam(now)} - t.left_at)) / 86400)::int as days_churned
    from latest l
    join report_companies c on c.company_id = l.company_id
    cross join lateral (
      select min(s.created_at) as left_at from report_company_state_changes s
      where s.company_id = l.company_id and s.from_state = 'TRIAL'
    ) t
    where l.to_state in ('SUSPENDED', 'PENDING_DELETE', 'DELETED')
      and l.created_at >= ${since} and l.created_at <= ${nowParam(now)}
      and t.left_at is not null
      and c.company_type = 'customer' and not c.is_internal_comet_company
      and not exists (select 1 from report_company_state_changes a where a.company_id = l.company_id and a.to_state = 'ACTIVE')
    order by l.created_at desc, c.company_id`);
  return rowsOf<TrialChurnRow>(result);
}

/**
 * MRR movements per complete month, offsets -months..-1 (decision 0058): a company's MRR in a month is its
 * charges (report_charges, by Auckland charge day) normalised to 30 days, round(sum * 30 / days in month);
 * each month is compared with the month before it.
 */
export async function revenueMovements(db: Database, now: Date, months: number): Promise<RevenueMovementMonth[]> {
  const result = await db.execute(sql`
    with months as (${monthsBetween(now, -months, -1)}),
    mrr as (
      select company_id, month,
             round(sum(amount) * 30.0 / ((month + interval '1 month')::date - month))::bigint as mrr
      from (select company_id, amount, date_trunc('month', charge_day)::date as month from report_charges
            where charge_day >= ${monthOf(now, -months - 1)} and charge_day < ${monthOf(now, 0)}) c
      group by company_id, month
    ),
    moves as (
      select m.month, x.company_id, x.prev, x.cur,
             x.prev = 0 and x.cur > 0 and exists (
               select 1 from report_charges r
               where r.company_id = x.company_id and r.amount > 0 and r.charge_day < (m.month - interval '1 month')::date
             ) as came_back
      from months m
      join lateral (
        select coalesce(c.company_id, p.company_id) as company_id, coalesce(p.mrr, 0) as prev, coalesce(c.mrr, 0) as cur
        from (select company_id, mrr from mrr where month = m.month and mrr > 0) c
        full join (select company_id, mrr from mrr where month = (m.month - interval '1 month')::date and mrr > 0) p
          on p.company_id = c.company_id
      ) x on true
    ),
    totals as (
      select month,
             coalesce(sum(prev), 0)::bigint as starting_mrr,
             coalesce(sum(cur) filter (where prev = 0 and not came_back), 0)::bigint as new_mrr,
             coalesce(sum(cur - prev) filter (where prev > 0 and cur > prev), 0)::bigint as expansion_mrr,
             coalesce(sum(prev - cur) filter (where cur > 0 and cur < prev), 0)::bigint as contraction_mrr,
             coalesce(sum(prev) filter (where cur = 0), 0)::bigint as churn_mrr,
             coalesce(sum(cur) filter (where prev = 0 and came_back), 0)::bigint as reactivation_mrr,
             coalesce(sum(cur), 0)::bigint as ending_mrr
      from moves group by month
    )
    select to_char(m.month, 'YYYY-MM') as month,
           coalesce(t.starting_mrr, 0)::float8 as starting_mrr, coalesce(t.new_mrr, 0)::float8 as new_mrr,
           coalesce(t.expansion_mrr, 0)::float8 as expansion_mrr, coalesce(t.contraction_mrr, 0)::float8 as contraction_mrr,
           coalesce(t.churn_mrr, 0)::float8 as churn_mrr, coalesce(t.reactivation_mrr, 0)::float8 as reactivation_mrr,
           coalesce(t.ending_mrr, 0)::float8 as ending_mrr,
           case when coalesce(t.starting_mrr, 0) = 0 then null
                else round(100.0 * (t.churn_mrr + t.contraction_mrr) / t.starting_mrr, 2)::float8 end
             as gross_revenue_churn_percent,
           case when coalesce(t.starting_mrr, 0) = 0 then null
                else round(100.0 * (t.churn_mrr + t.contraction_mrr - t.expansion_mrr - t.reactivation_mrr) / t.starting_mrr, 2)::float8 end
             as net_revenue_churn_percent
    from months m left join totals t on t.month = m.month
    order by m.month`);
  return rowsOf<RevenueMovementMonth>(result);
}
