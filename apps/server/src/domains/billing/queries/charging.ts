import { asc, eq, isNull, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../../platform/db.ts';
import { billingChargingDays } from '../tables.ts';
import { chargeAmount, chargeQuantity, storageAllowance } from './services.ts';

export type ChargingDayRow = typeof billingChargingDays.$inferSelect;

/** The latest day the run has a row for (completed or not), or null before the first run. */
export async function lastChargingDay(db: Database): Promise<string | null> {
  const result = await db.execute(sql`select max(day)::text as day from billing_charging_days`);
  return rowsOf<{ day: string | null }>(result)[0]?.day ?? null;
}

/** Adds the days the run has not begun yet; a day another runner added already stays as it is. */
export async function addChargingDays(db: Database, days: string[], now: Date): Promise<void> {
  if (!days.length) return;
  await db
    .insert(billingChargingDays)
    .values(days.map((day) => ({ day, started_at: now })))
    .onConflictDoNothing();
}

/**
 * The earliest day not yet completed, if no other runner holds it; locked until the transaction ends.
 * Days go strictly in order: a runner never starts a day while an earlier one is unfinished.
 */
export async function takeEarliestOpenDay(db: Database): Promise<ChargingDayRow | 'busy' | null> {
  const [earliest] = await db
    .select()
    .from(billingChargingDays)
    .where(isNull(billingChargingDays.completed_at))
    .orderBy(asc(billingChargingDays.day))
    .limit(1);
  if (!earliest) return null;
  const [locked] = await db
    .select()
    .from(billingChargingDays)
    .where(eq(billingChargingDays.day, earliest.day))
    .for('update', { skipLocked: true });
  if (!locked) return 'busy';
  // Another runner may have finished it between the two reads.
  return locked.completed_at ? 'busy' : locked;
}

export async function advanceChargingDay(db: Database, day: string, nextCompanyId: number, charged: number, completedAt: Date | null) {
  await db
    .update(billingChargingDays)
    .set({
      next_company_id: nextCompanyId,
      charged: sql`${billingChargingDays.charged} + ${charged}`,
      completed_at: completedAt,
    })
    .where(eq(billingChargingDays.day, day));
}

export async function chargingDay(db: Database, day: string): Promise<ChargingDayRow | null> {
  const [row] = await db.select().from(billingChargingDays).where(eq(billingChargingDays.day, day));
  return row ?? null;
}

/**
 * Locks the accounts of the next `limit` companies after `afterCompanyId`, in company order, and answers
 * the last id of the batch (null when none is left). Charges, credits and expiries of these companies
 * wait for the batch to commit.
 */
export async function lockAccountBatch(db: Database, afterCompanyId: number, limit: number): Promise<number | null> {
  const result = await db.execute(sql`
    select max(company_id) as hi from (
      select company_id from billing_accounts where company_id > ${afterCompanyId}
      order by company_id limit ${limit}
      for update
    ) b`);
  const hi = rowsOf<{ hi: number | null }>(result)[0]?.hi;
  return hi === null || hi === undefined ? null : Number(hi);
}

/**
 * Charges one day for the companies in (lo, hi], in one statement: every running service due by the end
 * of the day (daily ones every day from their start, longer cycles at their next charge date, which moves a
 * cycle on), of a company that is charged (ACTIVE or PENDING_DELETE, and with a balance of at least zero
 * unless it has contract billing or pays out of band), gets a usage row; each usage row is paid from the packs that may pay on that day, soonest-expiring first and
 * never-expiring last, one ledger row per pack it draws from and one for what is left (debt); the packs'
 * used amounts and the balances follow. The caller holds the companies' account locks, so the packs read
 * here are current. Answers how many usage rows it wrote.
 *
 * Exactly once: the usage row's unique (service, day) refuses a second charge of a day whatever happens (a
 * runner inserting the same row waits for the first and then writes nothing), and the update of a longer
 * cycle's next charge date keeps a monthly service from being charged on the next days too.
 */
export async function chargeDay(
  db: Database,
  o: { day: string; dayStart: Date; dayEnd: Date; lo: number; hi: number; now: Date; serviceId?: number },
) {
  const { day, dayStart, dayEnd, lo, hi, now } = o;
  const only = o.serviceId === undefined ? sql`true` : sql`s.id = ${o.serviceId}`;
  const result = await db.execute(sql`
    with due as (
      select s.id, s.company_id, s.kind, s.variant, s.details, s.quantity, s.rebill_every_days, c.plan_id
      from billing_services s
      join billing_accounts a on a.company_id = s.company_id
      join company_billing c on c.company_id = s.company_id
      -- The range on each table, so every join reads the batch's rows only.
      where s.company_id > ${lo} and s.company_id <= ${hi}
        and a.company_id > ${lo} and a.company_id <= ${hi}
        and c.company_id > ${lo} and c.company_id <= ${hi}
        and s.stopped_at is null and ${only}
        -- A daily service is due every day from its start; a longer cycle when its next charge has come.
        and case when s.rebill_every_days = 1 then s.started_at < ${dayEnd} else s.next_charge_again_at < ${dayEnd} end
        and c.current_state in ('ACTIVE', 'PENDING_DELETE')
        and (a.balance >= 0 or c.has_contract_billing or c.has_oob_payment)
    ), moved as (
      -- A longer cycle moves on by a cycle; a runner that waited on the row re-reads it and finds it not due.
      update billing_services s
      set next_charge_again_at = ((${day}::date + s.rebill_every_days)::timestamp at time zone 'Pacific/Auckland')
      from due d
      where s.id = d.id and d.rebill_every_days > 1 and s.next_charge_again_at < ${dayEnd}
      returning s.id
    ), priced as materialized (
      select s.id as service_id, s.company_id, s.kind, s.variant, s.details, q.qty, p.unit_cost, p.pricing_description,
        ${chargeAmount(sql`q.qty`, storageAllowance(dayEnd))} as amount
      from due s
      join billing_prices p on p.plan_id = s.plan_id and p.kind = s.kind and p.variant = s.variant
      cross join lateral (select ${chargeQuantity(day)} as qty offset 0) q
      where s.rebill_every_days = 1 or s.id in (select id from moved)
    ), new_usage as (
      insert into billing_usage (company_id, service_id, charge_day, kind, variant, details, quantity, unit_cost, amount, pricing_description, created_at)
      select company_id, service_id, ${day}::date, kind, variant, details, qty, unit_cost, amount, pricing_description, ${now}
      from priced where amount > 0
      on conflict (service_id, charge_day) do nothing
      returning id, company_id, amount
    ), ranged as (
      select id, company_id, amount,
        sum(amount) over (partition by company_id order by id) - amount as u_from,
        sum(amount) over (partition by company_id order by id) as u_to
      from new_usage
    ), packs as (
      -- Each usable pack's place in the company's drawing order, and the end of its range of credit.
      select k.company_id, k.id,
        row_number() over w as ord,
        sum(k.rem) over w as p_to
      from (
        select p.id, p.company_id, p.expiry_date, p.amount - p.amount_used - p.amount_expired as rem
        from credit_packs p
        where p.company_id > ${lo} and p.company_id <= ${hi}
          and p.amount_used + p.amount_expired < p.amount
          and (p.expiry_date is null or p.expiry_date > ${dayStart})
          and p.company_id in (select company_id from new_usage)
      ) k
      window w as (partition by k.company_id order by k.expiry_date asc nulls last, k.id)
    ), points as (
      -- The ends of the usage rows' ranges and of the packs' ranges on one line per company: between two
      -- neighbouring points, one usage row is paid by one pack (or by none: debt). Sorting, not joining,
      -- keeps the drawing linear in the rows.
      select company_id, u_to as pos, id as usage_id, null::bigint[] as pack from ranged
      union all
      select company_id, p_to, null, array[ord, id] from packs
    ), segments as (
      select company_id, pos,
        pos - coalesce(lag(pos) over (partition by company_id order by pos), 0) as len,
        min(usage_id) over (partition by company_id order by pos desc) as usage_id,
        (min(pack) over (partition by company_id order by pos desc))[2] as pack_id
      from points
    ), draws as (
      select usage_id, company_id, pack_id, sum(len) as amt, min(pos) as at
      from segments where usage_id is not null and len > 0
      group by usage_id, company_id, pack_id
    ), new_ledger as (
      insert into credit_ledger (company_id, pack_id, usage_id, kind, amount, created_at)
      select company_id, pack_id, usage_id, 'charge'::ledger_kind, -amt, ${now}::timestamptz from draws
      -- In the order the packs paid, so a charge's rows read as its 'Packs Used'.
      order by company_id, usage_id, at
      returning 1
    ), pack_use as (
      update credit_packs p set amount_used = p.amount_used + x.amt
      from (select pack_id, sum(amt) as amt from draws where pack_id is not null group by pack_id) x
      where p.id = x.pack_id
      returning 1
    ), balances as (
      update billing_accounts a set balance = a.balance - x.amt
      from (select company_id, sum(amount) as amt from new_usage group by company_id) x
      where a.company_id = x.company_id
      returning 1
    )
    select (select count(*) from new_usage)::int as charged`);
  return rowsOf<{ charged: number }>(result)[0]?.charged ?? 0;
}

/** The companies in (lo, hi], for the expiry that comes before a day's charges (alias p: credit_packs). */
export const inRange = (lo: number, hi: number) => sql`p.company_id > ${lo} and p.company_id <= ${hi}`;
