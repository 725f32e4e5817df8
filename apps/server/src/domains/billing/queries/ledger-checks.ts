import { desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../../platform/db.ts';
import { billingLedgerChecks } from '../tables.ts';
import type { LedgerMismatch } from './ledger.ts';

export type LedgerCheckRow = typeof billingLedgerChecks.$inferSelect;

/** The check taken and not yet done, locked; 'busy' when another runner holds it. */
export async function takeOpenCheck(db: Database): Promise<LedgerCheckRow | 'busy' | null> {
  const [open] = await db.select({ id: billingLedgerChecks.id }).from(billingLedgerChecks).where(isNull(billingLedgerChecks.checked_at));
  if (!open) return null;
  const [locked] = await db
    .select()
    .from(billingLedgerChecks)
    .where(eq(billingLedgerChecks.id, open.id))
    .for('update', { skipLocked: true });
  return locked && locked.checked_at === null ? locked : 'busy';
}

/** The last check done: its upper ends are the watermark. */
export async function lastCheck(db: Database): Promise<LedgerCheckRow | null> {
  const [row] = await db
    .select()
    .from(billingLedgerChecks)
    .where(isNotNull(billingLedgerChecks.checked_at))
    .orderBy(desc(billingLedgerChecks.id))
    .limit(1);
  return row ?? null;
}

/** The latest charging day completed, or null before the first. */
export async function lastCompletedDay(db: Database): Promise<string | null> {
  const result = await db.execute(sql`select max(day)::text as day from billing_charging_days where completed_at is not null`);
  return rowsOf<{ day: string | null }>(result)[0]?.day ?? null;
}

/**
 * The highest usage and ledger ids, once every transaction that had begun writing either table has ended:
 * the SHARE lock waits for them and holds new writers back until this transaction ends, so no row below the
 * answer can commit later. Usage first, in the order the charging statement takes the two tables.
 */
export async function settledHorizon(db: Database): Promise<{ ledger: number; usage: number }> {
  await db.execute(sql`lock table billing_usage, credit_ledger in share mode`);
  const result = await db.execute(sql`
    select (select coalesce(max(id), 0) from credit_ledger) as ledger, (select coalesce(max(id), 0) from billing_usage) as usage`);
  const row = rowsOf<{ ledger: string | number; usage: string | number }>(result)[0];
  return { ledger: Number(row?.ledger ?? 0), usage: Number(row?.usage ?? 0) };
}

/** Opens a check; false when another runner opened one (for the same day, or still open) first. */
export async function openCheck(db: Database, row: typeof billingLedgerChecks.$inferInsert): Promise<boolean> {
  const made = await db.insert(billingLedgerChecks).values(row).onConflictDoNothing().returning({ id: billingLedgerChecks.id });
  return made.length > 0;
}

export async function closeCheck(db: Database, id: number, at: Date, mismatches: number): Promise<void> {
  await db.update(billingLedgerChecks).set({ checked_at: at, mismatches }).where(eq(billingLedgerChecks.id, id));
}

/**
 * The differences the rows of a window show, read from what they touch only: each new usage row is paid in
 * full by its charge rows; each pack a new ledger row names holds the amount its ledger rows say (arrived
 * once, used, expired); each company a new row names has the balance its packs and debt rows say
 * (balance = what its packs hold + its rows without a pack), and owes nothing while a pack holds credit.
 * The references and signs need no check here: the keys and CHECKs refuse them at write.
 */
export async function windowMismatches(
  db: Database,
  w: { ledgerFrom: number; ledgerTo: number; usageFrom: number; usageTo: number },
  limit: number,
): Promise<LedgerMismatch[]> {
  const result = await db.execute(sql`
    with win as (
      select company_id, pack_id from credit_ledger where id > ${w.ledgerFrom} and id <= ${w.ledgerTo}
    ), new_usage as (
      select id, company_id, amount from billing_usage where id > ${w.usageFrom} and id <= ${w.usageTo}
    ), touched_packs as (
      select distinct company_id, pack_id as id from win where pack_id is not null
    ), touched as (
      select company_id from win union select company_id from new_usage
    ), per_pack as (
      select l.pack_id,
        coalesce(sum(l.amount) filter (where l.kind in ('credit', 'refund')), 0) as arrived,
        count(*) filter (where l.kind in ('credit', 'refund')) as arrivals,
        coalesce(-sum(l.amount) filter (where l.kind in ('charge', 'settle')), 0) as used,
        coalesce(-sum(l.amount) filter (where l.kind = 'expire'), 0) as expired
      from credit_ledger l where (l.company_id, l.pack_id) in (select company_id, id from touched_packs) group by l.pack_id
    ), per_usage as (
      select l.usage_id, -sum(l.amount) as paid from credit_ledger l
      where l.kind = 'charge' and l.usage_id in (select id from new_usage) group by l.usage_id
    ), held as (
      select p.company_id, sum(p.amount - p.amount_used - p.amount_expired) as held,
        bool_or(p.amount_used + p.amount_expired < p.amount) as holds_credit
      from credit_packs p where p.company_id in (select company_id from touched) group by p.company_id
    ), debt as (
      select l.company_id, sum(l.amount) as debt_rows from credit_ledger l
      where l.pack_id is null and l.company_id in (select company_id from touched) group by l.company_id
    ), accounts as (
      select a.company_id, a.balance, coalesce(h.held, 0) as held, coalesce(h.holds_credit, false) as holds_credit,
        coalesce(d.debt_rows, 0) as debt_rows
      from billing_accounts a left join held h on h.company_id = a.company_id left join debt d on d.company_id = a.company_id
      where a.company_id in (select company_id from touched)
    )
    select * from (
      select 'pack amount' as what, p.id, p.company_id, p.amount::text as expected,
        coalesce(l.arrived, 0)::text || ' in ' || coalesce(l.arrivals, 0) || ' row(s)' as found
      from credit_packs p left join per_pack l on l.pack_id = p.id
      where p.id in (select id from touched_packs) and (coalesce(l.arrived, 0) <> p.amount or coalesce(l.arrivals, 0) <> 1)
      union all
      select 'pack amount_used', p.id, p.company_id, coalesce(l.used, 0)::text, p.amount_used::text
      from credit_packs p left join per_pack l on l.pack_id = p.id
      where p.id in (select id from touched_packs) and coalesce(l.used, 0) <> p.amount_used
      union all
      select 'pack amount_expired', p.id, p.company_id, coalesce(l.expired, 0)::text, p.amount_expired::text
      from credit_packs p left join per_pack l on l.pack_id = p.id
      where p.id in (select id from touched_packs) and coalesce(l.expired, 0) <> p.amount_expired
      union all
      select 'balance', a.company_id, a.company_id, (a.held + a.debt_rows)::text, a.balance::text
      from accounts a where a.held + a.debt_rows <> a.balance
      union all
      select 'debt while a pack holds credit', a.company_id, a.company_id, '0', (-a.debt_rows)::text
      from accounts a where a.debt_rows < 0 and a.holds_credit
      union all
      select 'usage paid', u.id, u.company_id, u.amount::text, coalesce(l.paid, 0)::text
      from new_usage u left join per_usage l on l.usage_id = u.id where coalesce(l.paid, 0) <> u.amount
    ) m
    order by company_id, what, id
    limit ${limit}`);
  return rowsOf<LedgerMismatch>(result).map((r) => ({ ...r, id: Number(r.id), company_id: Number(r.company_id) }));
}
