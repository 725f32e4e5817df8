import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../../platform/db.ts';
import type { FileRow } from '../../../platform/export-stream.ts';

/**
 * The Downloads tab's files as SQL over the report_* views (docs/decisions/0062 defines each column). Every
 * file is read in company-id ranges (or licence-id, ticket-id ranges): `nextRange` finds where the next batch
 * of ids ends on the primary key, then one grouped query reads that range, so no query grows with the file.
 * Sums and counts leave as float8 so both drivers hand back a JS number (exact below 2^53 cents).
 */

const ZONE = 'Pacific/Auckland';
/** The first instant after a calendar day in Pacific/Auckland. */
const dayEnd = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${ZONE})`;
const nzText = (column: SQL) => sql`to_char(${column} at time zone ${ZONE}, 'YYYY-MM-DD HH24:MI:SS')`;

/** Which companies a file lists. */
export type CompanyScope = 'all' | 'not_deleted' | 'enterprise' | 'distributors';

const scopeFilter = (scope: CompanyScope): SQL =>
  ({
    all: sql`true`,
    not_deleted: sql`c.deleted_at is null`,
    enterprise: sql`(c.has_contract_billing or c.plan_id = 'Enterprise')`,
    distributors: sql`c.company_type = 'distributor' and c.deleted_at is null`,
  })[scope];

/** The last company id of the next `limit` companies in scope after `after`, or null when none is left. */
export async function nextCompanyRange(db: Database, scope: CompanyScope, after: number, limit: number): Promise<number | null> {
  const result = await db.execute(sql`
    select max(company_id) as last from (
      select c.company_id from report_companies c
      where c.company_id > ${after} and ${scopeFilter(scope)}
      order by c.company_id limit ${limit}
    ) batch`);
  const last = rowsOf<FileRow>(result)[0]?.last;
  return last === null || last === undefined ? null : Number(last);
}

export const DAILY_GENERAL_COLUMNS = [
  'company_id',
  'company_name',
  'company_type',
  'state',
  'primary_email',
  'region_code',
  'country',
  'distributor_id',
  'is_vip',
  'is_partner_company',
  'has_contract_billing',
  'created_at',
  'deleted_at',
  'balance_cents',
  'device_count',
  'booster_count',
  'storage_amount_bytes',
  'server_version',
  'charged_cents',
] as const;

/** Each company as it stood at the end of `day`: its state then, its balance then, that day's stats and charges. */
export async function dailyGeneralRows(db: Database, day: string, includeDeleted: boolean, after: number, last: number) {
  const end = dayEnd(day);
  const result = await db.execute(sql`
    select c.company_id, c.company_name, c.company_type, coalesce(s.to_state, c.current_state) as state, c.primary_email,
           c.region_code, c.country, c.distributor_id, c.is_vip, c.is_partner_company, c.has_contract_billing,
           ${nzText(sql`c.created_at`)} as created_at, ${nzText(sql`c.deleted_at`)} as deleted_at,
           coalesce(b.balance, 0)::float8 as balance_cents, coalesce(d.device_count, 0) as device_count,
           coalesce(d.booster_count, 0) as booster_count, coalesce(d.storage_amount_bytes, 0)::float8 as storage_amount_bytes,
           coalesce(d.server_version, '') as server_version, coalesce(ch.amount, 0)::float8 as charged_cents
    from report_companies c
    left join lateral (
      select x.to_state from report_company_state_changes x
      where x.company_id = c.company_id and x.created_at < ${end} order by x.created_at desc, x.id desc limit 1
    ) s on true
    left join lateral (select sum(l.amount) as balance from report_ledger l where l.company_id = c.company_id and l.created_at < ${end}) b on true
    left join report_daily_stats d on d.company_id = c.company_id and d.date = ${day}::date
    left join lateral (select sum(u.amount) as amount from report_charges u where u.company_id = c.company_id and u.charge_day = ${day}::date) ch on true
    where c.company_id > ${after} and c.company_id <= ${last} and c.created_at < ${end}
      and (${includeDeleted} or c.deleted_at is null or c.deleted_at >= ${end})
    order by c.company_id`);
  return rowsOf<FileRow>(result);
}

export const CHARGE_SUMMARY_COLUMNS = [
  'company_id',
  'company_name',
  'plan_id',
  'has_contract_billing',
  'kind',
  'variant',
  'days_charged',
  'average_daily_quantity',
  'peak_daily_quantity',
  'amount_cents',
] as const;

/**
 * Per company, service kind and variant over [first, lastDay]: a day's quantity is the sum over the company's
 * services of that kind charged that day; the average is over the days charged, not the days of the range.
 */
export async function chargeSummaryRows(db: Database, scope: CompanyScope, first: string, lastDay: string, after: number, last: number) {
  const result = await db.execute(sql`
    select c.company_id, c.company_name, c.plan_id, c.has_contract_billing, d.kind, d.variant,
           count(*)::float8 as days_charged, round(avg(d.quantity), 2)::float8 as average_daily_quantity,
           max(d.quantity)::float8 as peak_daily_quantity, sum(d.amount)::float8 as amount_cents
    from report_companies c
    join (
      select u.company_id, u.kind, u.variant, u.charge_day, sum(u.quantity) as quantity, sum(u.amount) as amount
      from report_charges u
      where u.company_id > ${after} and u.company_id <= ${last} and u.charge_day between ${first}::date and ${lastDay}::date
      group by u.company_id, u.kind, u.variant, u.charge_day
    ) d on d.company_id = c.company_id
    where ${scopeFilter(scope)}
    group by c.company_id, c.company_name, c.plan_id, c.has_contract_billing, d.kind, d.variant
    order by c.company_id, d.kind, d.variant`);
  return rowsOf<FileRow>(result);
}

export const FEEDBACK_COLUMNS = [
  'source',
  'occurred_at',
  'reference',
  'company_id',
  'company_name',
  'subject',
  'reason',
  'other_reason',
  'update_required',
  'given_by',
] as const;

/** The feedback the portal records in [start, end): ticket closings, then accounts leaving (docs/decisions/0062). */
export async function feedbackRows(db: Database, start: Date, end: Date, after: [number, number], limit: number) {
  const result = await db.execute(sql`
    select * from (
      select 1 as part, t.ticket_id as reference, 'ticket closed' as source, ${nzText(sql`t.closed_at`)} as occurred_at,
             t.company_id, c.company_name, t.subject, coalesce(t.closed_reason, '') as reason,
             coalesce(t.closed_other_reason, '') as other_reason, coalesce(t.closed_resolution, '') as update_required,
             case when u.user_id is null then '' when u.staff_role is null then 'customer' else 'staff' end as given_by
      from report_tickets t
      join report_companies c on c.company_id = t.company_id
      left join report_users u on u.user_id = t.closed_by_user_id
      where t.closed_at >= ${start} and t.closed_at < ${end} and t.merged_into_ticket_id is null
      union all
      select 2, s.id, 'account ' || lower(s.to_state), ${nzText(sql`s.created_at`)}, s.company_id, c.company_name,
             s.from_state || ' to ' || s.to_state, s.reason, '', '', ''
      from report_company_state_changes s
      join report_companies c on c.company_id = s.company_id
      where s.created_at >= ${start} and s.created_at < ${end} and s.from_state is not null
        and s.to_state in ('SUSPENDED', 'PENDING_DELETE', 'DELETED')
    ) f
    where (f.part, f.reference) > (${after[0]}, ${after[1]})
    order by f.part, f.reference
    limit ${limit}`);
  return rowsOf<FileRow>(result);
}

export const COMMISSION_COLUMNS = [
  'distributor_id',
  'distributor_name',
  'sub_account_count',
  'direct_usage_cents',
  'direct_storage_cents',
  'discount_percent',
  'discount_cents',
  'indirect_usage_cents',
  'indirect_storage_cents',
  'indirect_commission_percent',
  'indirect_commission_cents',
] as const;

const STORAGE_KINDS = sql`('storage', 'storage_legacy', 'hosted_server_storage_legacy')`;

/**
 * Per distributor, its sub-accounts' charges over [first, lastDay] split DIRECT (contract billing) and INDIRECT,
 * and the commission on them as the distributor usage report counts it (docs/decisions/0061): the percentage of
 * usage without storage, rounded up once on the month's total, in integers (ceil(n / 100) = (n + 99) / 100).
 */
export async function commissionRows(db: Database, first: string, lastDay: string, after: number, last: number) {
  const result = await db.execute(sql`
    select d.distributor_id, d.distributor_name, d.sub_account_count::float8 as sub_account_count,
           d.direct_usage_cents::float8 as direct_usage_cents, d.direct_storage_cents::float8 as direct_storage_cents,
           d.discount_percent::float8 as discount_percent,
           (((d.direct_usage_cents - d.direct_storage_cents) * d.discount_percent + 99) / 100)::float8 as discount_cents,
           d.indirect_usage_cents::float8 as indirect_usage_cents, d.indirect_storage_cents::float8 as indirect_storage_cents,
           d.indirect_commission_percent::float8 as indirect_commission_percent,
           (((d.indirect_usage_cents - d.indirect_storage_cents) * d.indirect_commission_percent + 99) / 100)::float8 as indirect_commission_cents
    from (
      select c.company_id as distributor_id, c.company_name as distributor_name,
             (select count(*) from report_companies s where s.distributor_id = c.company_id and s.deleted_at is null) as sub_account_count,
             coalesce(sum(u.amount) filter (where s.has_contract_billing), 0)::bigint as direct_usage_cents,
             coalesce(sum(u.amount) filter (where s.has_contract_billing and u.kind in ${STORAGE_KINDS}), 0)::bigint as direct_storage_cents,
             coalesce(max(r.discount_percent), 0)::bigint as discount_percent,
             coalesce(sum(u.amount) filter (where not s.has_contract_billing), 0)::bigint as indirect_usage_cents,
             coalesce(sum(u.amount) filter (where not s.has_contract_billing and u.kind in ${STORAGE_KINDS}), 0)::bigint as indirect_storage_cents,
             coalesce(max(r.indirect_commission_percent), 0)::bigint as indirect_commission_percent
      from report_companies c
      left join distributor_commission_rates r on r.company_id = c.company_id
      left join report_companies s on s.distributor_id = c.company_id
      left join report_charges u on u.company_id = s.company_id and u.charge_day between ${first}::date and ${lastDay}::date
      where c.company_id > ${after} and c.company_id <= ${last} and ${scopeFilter('distributors')}
      group by c.company_id, c.company_name
    ) d
    order by d.distributor_id`);
  return rowsOf<FileRow>(result);
}

export const BALANCE_COLUMNS = [
  'company_id',
  'company_name',
  'company_type',
  'distributor_id',
  'state',
  'balance_cents',
  'suspended_for_credit',
  'credit_received_cents',
  'charged_cents',
  'expired_cents',
] as const;

/** Each company not deleted: its balance now and what made it, from the ledger. */
export async function balanceRows(db: Database, after: number, last: number) {
  const result = await db.execute(sql`
    select c.company_id, c.company_name, c.company_type, c.distributor_id, c.current_state as state,
           coalesce(b.balance, 0)::float8 as balance_cents, coalesce(b.suspended_for_credit, false) as suspended_for_credit,
           coalesce(l.received, 0)::float8 as credit_received_cents, coalesce(l.charged, 0)::float8 as charged_cents,
           coalesce(l.expired, 0)::float8 as expired_cents
    from report_companies c
    left join report_balances b on b.company_id = c.company_id
    left join (
      select l.company_id,
             sum(l.amount) filter (where l.kind in ('credit', 'refund')) as received,
             -sum(l.amount) filter (where l.kind = 'charge') as charged,
             -sum(l.amount) filter (where l.kind = 'expire') as expired
      from report_ledger l where l.company_id > ${after} and l.company_id <= ${last}
      group by l.company_id
    ) l on l.company_id = c.company_id
    where c.company_id > ${after} and c.company_id <= ${last} and c.deleted_at is null
    order by c.company_id`);
  return rowsOf<FileRow>(result);
}

export const CONSUMPTION_COLUMNS = [
  'company_id',
  'company_name',
  'company_type',
  'distributor_id',
  'charged_last_month_cents',
  'charged_this_month_cents',
  'stats_date',
  'device_count',
  'booster_count',
  'storage_amount_bytes',
] as const;

/** Each company not deleted: charges of the last month and of this month so far, and its latest daily stats. */
export async function consumptionRows(db: Database, lastMonthStart: string, thisMonthStart: string, after: number, last: number) {
  const result = await db.execute(sql`
    select c.company_id, c.company_name, c.company_type, c.distributor_id,
           coalesce(u.last_month, 0)::float8 as charged_last_month_cents, coalesce(u.this_month, 0)::float8 as charged_this_month_cents,
           coalesce(d.date::text, '') as stats_date, coalesce(d.device_count, 0) as device_count,
           coalesce(d.booster_count, 0) as booster_count, coalesce(d.storage_amount_bytes, 0)::float8 as storage_amount_bytes
    from report_companies c
    left join (
      select u.company_id,
             sum(u.amount) filter (where u.charge_day < ${thisMonthStart}::date) as last_month,
             sum(u.amount) filter (where u.charge_day >= ${thisMonthStart}::date) as this_month
      from report_charges u
      where u.company_id > ${after} and u.company_id <= ${last} and u.charge_day >= ${lastMonthStart}::date
      group by u.company_id
    ) u on u.company_id = c.company_id
    left join lateral (
      select s.date, s.device_count, s.booster_count, s.storage_amount_bytes from report_daily_stats s
      where s.company_id = c.company_id order by s.date desc limit 1
    ) d on true
    where c.company_id > ${after} and c.company_id <= ${last} and c.deleted_at is null
    order by c.company_id`);
  return rowsOf<FileRow>(result);
}

export const BOOSTER_KINDS = ['microsoft365', 'disk_image', 'mssql', 'hyperv', 'vmware', 'proxmox'] as const;

export const SERVER_FEATURE_COLUMNS = [
  'licence_id',
  'serial_number',
  'company_id',
  'company_name',
  'enabled',
  'archived',
  'server_version',
  'last_seen_at',
  'counts_date',
  'device_count',
  'booster_count',
  ...BOOSTER_KINDS.map((k) => `booster_${k}`),
] as const;

/** Each licence not deleted, with what its server last reported; booster kinds it never reported are 0. */
export async function serverFeatureRows(db: Database, after: number, limit: number) {
  const result = await db.execute(sql`
    select l.licence_id, l.serial_number, l.company_id, c.company_name, l.enabled, l.archived_at is not null as archived,
           l.server_version, ${nzText(sql`l.last_seen_at`)} as last_seen_at, coalesce(l.counts_date::text, '') as counts_date,
           l.num_clients_online as device_count, l.num_boosters_online as booster_count,
           ${sql.join(
             BOOSTER_KINDS.map((k) => sql`coalesce((l.booster_counts ->> ${k})::float8, 0) as ${sql.identifier(`booster_${k}`)}`),
             sql`, `,
           )}
    from report_server_licences l
    join report_companies c on c.company_id = l.company_id
    where l.deleted_at is null and l.licence_id > ${after}
    order by l.licence_id
    limit ${limit}`);
  return rowsOf<FileRow>(result);
}

export const TICKET_STAT_COLUMNS = [
  'month',
  'opened',
  'closed',
  'closed_resolved',
  'closed_expired',
  'closed_other',
  'closed_update_required',
  'open_at_month_end',
] as const;

/** Ticket statistics per month (Pacific/Auckland) from `firstMonth` to `lastMonth` (YYYY-MM-01), merged tickets left out. */
export async function ticketStatRows(db: Database, firstMonth: string, lastMonth: string) {
  const result = await db.execute(sql`
    select to_char(m.month, 'YYYY-MM') as month,
           count(*) filter (where t.created_at >= m.starts and t.created_at < m.ends)::float8 as opened,
           count(*) filter (where t.closed_at >= m.starts and t.closed_at < m.ends)::float8 as closed,
           count(*) filter (where t.closed_at >= m.starts and t.closed_at < m.ends and t.closed_reason = 'resolved')::float8 as closed_resolved,
           count(*) filter (where t.closed_at >= m.starts and t.closed_at < m.ends and t.closed_reason = 'expired')::float8 as closed_expired,
           count(*) filter (where t.closed_at >= m.starts and t.closed_at < m.ends and t.closed_reason = 'other')::float8 as closed_other,
           count(*) filter (where t.closed_at >= m.starts and t.closed_at < m.ends and t.closed_resolution like 'yes-%')::float8 as closed_update_required,
           count(*) filter (where t.created_at < m.ends and (t.closed_at is null or t.closed_at >= m.ends))::float8 as open_at_month_end
    from (
      select g::date as month, g at time zone ${ZONE} as starts, (g + interval '1 month') at time zone ${ZONE} as ends
      from generate_series(${firstMonth}::date::timestamp, ${lastMonth}::date::timestamp, interval '1 month') g
    ) m
    left join report_tickets t on t.merged_into_ticket_id is null and t.created_at < m.ends
    group by m.month
    order by m.month`);
  return rowsOf<FileRow>(result);
}

export const VERSION_COLUMNS = ['company_id', 'company_name', 'primary_email', 'server_count', 'device_count'] as const;

/**
 * The companies whose servers in service (`report_servers_in_service`, migration 0043: enabled licences neither
 * archived nor deleted, and ready hosted consoles) report `version`: the on-screen version report's rows.
 */
export async function versionRows(db: Database, version: string, after: number, limit: number) {
  const result = await db.execute(sql`
    select c.company_id, c.company_name, c.primary_email, count(*)::float8 as server_count,
           sum(s.device_count)::float8 as device_count
    from report_servers_in_service s
    join report_companies c on c.company_id = s.company_id
    where s.version = ${version} and s.company_id > ${after}
    group by c.company_id, c.company_name, c.primary_email
    order by c.company_id
    limit ${limit}`);
  return rowsOf<FileRow>(result);
}
