import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../../platform/db.ts';
import { runRatePerDay } from './stats.ts';

/** Companies that a suspension for balance does not apply to: contract billing, or paying out of band. */
const neverSuspended = sql`(c.has_contract_billing or c.has_oob_payment)`;

/**
 * ACTIVE companies whose balance is below zero and that are not yet suspended for it (contract-billing
 * and out-of-band companies never are). Not locked: the sweep locks each company, then its account, and
 * asks again (isOutOfCredit).
 */
export async function companiesOutOfCredit(db: Database, limit: number): Promise<number[]> {
  const result = await db.execute(sql`
    select a.company_id from billing_accounts a join company_billing c on c.company_id = a.company_id
    where a.balance < 0 and not a.suspended_for_credit and c.current_state = 'ACTIVE' and not ${neverSuspended}
    order by a.company_id limit ${limit}`);
  return rowsOf<{ company_id: number }>(result).map((r) => Number(r.company_id));
}

/** Companies suspended for balance that have credit again (or no longer can be suspended for it). */
export async function companiesCreditRestored(db: Database, limit: number): Promise<number[]> {
  const result = await db.execute(sql`
    select a.company_id from billing_accounts a join company_billing c on c.company_id = a.company_id
    where a.suspended_for_credit and (a.balance > 0 or ${neverSuspended})
    order by a.company_id limit ${limit}`);
  return rowsOf<{ company_id: number }>(result).map((r) => Number(r.company_id));
}

/**
 * Of the companies in (lo, hi] charged on `day`, those whose credit lasts less than `days` days at their run
 * rate, not yet told since their last credit (contract-billing and out-of-band companies are not told).
 */
export async function companiesLowOnCredit(db: Database, o: { day: string; lo: number; hi: number; days: number }) {
  // Driven from the batch's accounts (materialized), so each step is an index lookup per company rather
  // than a scan of the day's usage or of every company.
  const result = await db.execute(sql`
    with batch as materialized (
      select a.company_id, a.balance from billing_accounts a
      where a.company_id > ${o.lo} and a.company_id <= ${o.hi}
        and a.low_balance_mailed_at is null and not a.suspended_for_credit and a.balance >= 0
    ), charged as materialized (
      select b.company_id, b.balance, ${runRatePerDay(sql`b.company_id`, o.day)}::float8 as rate
      from batch b
      join company_billing c on c.company_id = b.company_id
      where c.company_id > ${o.lo} and c.company_id <= ${o.hi}
        and c.current_state = 'ACTIVE' and not ${neverSuspended}
        and exists (select 1 from billing_usage t where t.company_id = b.company_id and t.charge_day = ${o.day}::date)
    )
    select company_id, balance, rate from charged where rate > 0 and balance < rate * ${o.days}`);
  return rowsOf<{ company_id: number; balance: string; rate: number }>(result).map((r) => ({
    company_id: Number(r.company_id),
    balance: Number(r.balance),
    perDay: Number(r.rate),
  }));
}
