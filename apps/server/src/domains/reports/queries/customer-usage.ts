import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../../platform/db.ts';

/**
 * The Customer Usage report's reads (docs/decisions/0060), over the report_* views only (migration 0037).
 * A month is a Pacific/Auckland calendar month: charges carry their Auckland charge day, and a company is in
 * the month when it was created before the month's end and not deleted before its start.
 */

export interface UsageFilters {
  /** The month's first day, 'YYYY-MM-01'. */
  monthStart: string;
  regionCodes: readonly string[];
  distributorId: number | null;
  salesId: number | null;
  isVip: boolean | null;
  isManaged: boolean | null;
  isPartner: boolean | null;
  hasRealUsage: boolean | null;
  hasContractBilling: boolean | null;
}

const monthEnd = (f: UsageFilters) => sql`(${f.monthStart}::date + interval '1 month')::date`;
const aucklandMidnight = (day: SQL) => sql`((${day})::timestamp at time zone 'Pacific/Auckland')`;
const iso = (column: SQL) => sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Real usage: a charge in the month for anything but the account itself (decision 0060). */
const realUsage = (f: UsageFilters) => sql`exists (
  select 1 from report_charges ch
  where ch.company_id = c.company_id and ch.charge_day >= ${f.monthStart}::date and ch.charge_day < ${monthEnd(f)}
    and ch.kind <> 'account' and ch.amount > 0)`;

const flag = (value: boolean | null, column: SQL): SQL | null => (value === null ? null : value ? sql`${column}` : sql`not ${column}`);

/** The WHERE of both the count and the rows, over report_companies as c. */
function matching(f: UsageFilters): SQL {
  const conditions: (SQL | null)[] = [
    sql`c.company_type in ('customer', 'distributor')`,
    sql`c.created_at < ${aucklandMidnight(monthEnd(f))}`,
    sql`(c.deleted_at is null or c.deleted_at >= ${aucklandMidnight(sql`${f.monthStart}::date`)})`,
    f.distributorId === null ? null : sql`c.distributor_id = ${f.distributorId}`,
    f.regionCodes.length ? sql`c.region_code = any(string_to_array(${f.regionCodes.join(',')}, ','))` : null,
    f.salesId === null ? null : sql`c.sales_id = ${f.salesId}`,
    flag(f.isVip, sql`c.is_vip`),
    flag(f.isManaged, sql`(c.distributor_id is not null)`),
    flag(f.isPartner, sql`c.is_partner_company`),
    flag(f.hasContractBilling, sql`c.has_contract_billing`),
    flag(f.hasRealUsage, realUsage(f)),
  ];
  return sql.join(
    conditions.filter((c): c is SQL => c !== null),
    sql` and `,
  );
}

export async function countMatching(db: Database, f: UsageFilters): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from report_companies c where ${matching(f)}`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

export interface UsageRowRecord {
  company_id: number;
  company_name: string;
  company_type: 'customer' | 'distributor';
  distributor_id: number | null;
  distributor_name: string | null;
  is_vip: boolean;
  is_partner_company: boolean;
  is_internal_comet_company: boolean;
  region_code: string;
  users: { email: string; contact_name: string }[];
  balance: number | string | null;
  usage: { type: string; charge_total_cents: number; charge_count: number; peak_quantity: number }[];
  current_state: string;
  has_contract_billing: boolean;
  plan_name: string | null;
  sales_id: number | null;
  first_active_at: string | null;
  created_at: string;
  deleted_at: string | null;
}

/**
 * The next `limit` matching companies after `afterId`, in id order (keyset), with their users, balance, plan
 * and the month's charges summed per service type. One batch in memory at a time, whatever the total.
 */
export async function usageBatch(db: Database, f: UsageFilters, afterId: number, limit: number): Promise<UsageRowRecord[]> {
  const result = await db.execute(sql`
    with batch as (
      select c.* from report_companies c
      where c.company_id > ${afterId} and ${matching(f)}
      order by c.company_id
      limit ${limit}
    )
    select b.company_id, b.company_name, b.company_type, b.distributor_id, d.company_name as distributor_name,
      b.is_vip, b.is_partner_company, b.is_internal_comet_company, b.region_code, b.current_state,
      b.has_contract_billing, b.sales_id, bal.balance, p.name as plan_name,
      ${iso(sql`b.first_active_at`)} as first_active_at, ${iso(sql`b.created_at`)} as created_at,
      ${iso(sql`b.deleted_at`)} as deleted_at,
      (select coalesce(json_agg(json_build_object('email', u.email, 'contact_name', u.contact_name)
                 order by u.is_primary_contact desc, u.user_id), '[]'::json)
         from report_users u where u.company_id = b.company_id and u.deleted_at is null) as users,
      (select coalesce(json_agg(json_build_object('type', k.kind, 'charge_total_cents', k.total,
                 'charge_count', k.n, 'peak_quantity', k.peak) order by k.kind), '[]'::json)
         from (select ch.kind, sum(ch.amount) as total, count(*) as n, max(ch.quantity) as peak
               from report_charges ch
               where ch.company_id = b.company_id and ch.charge_day >= ${f.monthStart}::date
                 and ch.charge_day < ${monthEnd(f)}
               group by ch.kind) k) as usage
    from batch b
    left join report_companies d on d.company_id = b.distributor_id
    left join report_balances bal on bal.company_id = b.company_id
    left join report_plans p on p.plan_id = b.plan_id
    order by b.company_id`);
  return rowsOf<UsageRowRecord>(result);
}
