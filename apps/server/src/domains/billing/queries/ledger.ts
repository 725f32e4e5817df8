import { type SQL, and, asc, desc, eq, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../../platform/db.ts';
import { billingAccounts, creditLedger, creditPacks } from '../tables.ts';

export type AccountRow = typeof billingAccounts.$inferSelect;
export type PackRow = typeof creditPacks.$inferSelect;
export type NewPack = typeof creditPacks.$inferInsert;
export type LedgerRow = typeof creditLedger.$inferSelect;
export type NewLedgerRow = typeof creditLedger.$inferInsert;

/** What is left to spend of a pack (the cached columns, checked by ledger:verify). */
export const remainingOf = (p: Pick<PackRow, 'amount' | 'amount_used' | 'amount_expired'>) => p.amount - p.amount_used - p.amount_expired;

/** The company's balance row, made on first use. */
export async function ensureAccount(db: Database, companyId: number, now: Date): Promise<void> {
  await db.insert(billingAccounts).values({ company_id: companyId, created_at: now }).onConflictDoNothing();
}

/**
 * The company's balance row, locked until the transaction ends. Every ledger write of a company takes
 * this lock first, so its charges, credits and expiries take turns and each sees what the last committed.
 */
export async function lockAccount(db: Database, companyId: number, now: Date): Promise<AccountRow> {
  await ensureAccount(db, companyId, now);
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.company_id, companyId)).for('update');
  if (!row) throw new Error(`no billing account for company ${companyId}`);
  return row;
}

export async function findAccount(db: Database, companyId: number): Promise<AccountRow | null> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.company_id, companyId));
  return row ?? null;
}

/** Moves the cached balance with the ledger rows just written (the caller holds the account lock). */
export async function addToBalance(db: Database, companyId: number, delta: number, extra: Partial<AccountRow> = {}): Promise<number> {
  const [row] = await db
    .update(billingAccounts)
    .set({ balance: sql`${billingAccounts.balance} + ${delta}`, ...extra })
    .where(eq(billingAccounts.company_id, companyId))
    .returning({ balance: billingAccounts.balance });
  if (!row) throw new Error(`no billing account for company ${companyId}`);
  return row.balance;
}

export async function setAccount(db: Database, companyId: number, changes: Partial<Omit<AccountRow, 'company_id' | 'balance'>>) {
  await db.update(billingAccounts).set(changes).where(eq(billingAccounts.company_id, companyId));
}

export async function insertPack(db: Database, pack: NewPack): Promise<PackRow> {
  const [row] = await db.insert(creditPacks).values(pack).returning();
  if (!row) throw new Error('credit pack insert returned nothing');
  return row;
}

export async function findPack(db: Database, packId: number): Promise<PackRow | null> {
  const [row] = await db.select().from(creditPacks).where(eq(creditPacks.id, packId));
  return row ?? null;
}

export async function insertLedgerRows(db: Database, rows: NewLedgerRow[]): Promise<void> {
  if (rows.length) await db.insert(creditLedger).values(rows);
}

export async function updatePack(
  db: Database,
  packId: number,
  changes: { used?: number; expired?: number; expiredAt?: Date; expiryDate?: Date },
) {
  const [row] = await db
    .update(creditPacks)
    .set({
      amount_used: sql`${creditPacks.amount_used} + ${changes.used ?? 0}`,
      amount_expired: sql`${creditPacks.amount_expired} + ${changes.expired ?? 0}`,
      ...(changes.expiredAt ? { expired_at: changes.expiredAt } : {}),
      ...(changes.expiryDate ? { expiry_date: changes.expiryDate } : {}),
    })
    .where(eq(creditPacks.id, packId))
    .returning();
  if (!row) throw new Error(`no credit pack ${packId}`);
  return row;
}

/** The packs a charge at `at` may draw from, in drawing order: soonest-expiring first, never-expiring last. */
export async function usablePacks(db: Database, companyId: number, at: Date): Promise<PackRow[]> {
  return db
    .select()
    .from(creditPacks)
    .where(
      and(
        eq(creditPacks.company_id, companyId),
        sql`${creditPacks.amount_used} + ${creditPacks.amount_expired} < ${creditPacks.amount}`,
        sql`(${creditPacks.expiry_date} is null or ${creditPacks.expiry_date} > ${at})`,
      ),
    )
    .orderBy(sql`${creditPacks.expiry_date} asc nulls last`, asc(creditPacks.id));
}

export async function packsOf(db: Database, companyId: number): Promise<PackRow[]> {
  return db.select().from(creditPacks).where(eq(creditPacks.company_id, companyId)).orderBy(desc(creditPacks.id));
}

export async function ledgerOf(db: Database, companyId: number): Promise<LedgerRow[]> {
  return db.select().from(creditLedger).where(eq(creditLedger.company_id, companyId)).orderBy(asc(creditLedger.id));
}

/**
 * Writes the expire rows of every pack of the chosen companies that is past its expiry at `at` and still
 * holds credit: what is left leaves the balance. The caller holds those companies' account locks.
 */
export async function expireDuePacks(db: Database, companies: SQL, at: Date, now: Date): Promise<number> {
  const result = await db.execute(sql`
    with due as (
      select p.id, p.company_id, p.amount - p.amount_used - p.amount_expired as rem
      from credit_packs p
      where p.expiry_date is not null and p.expiry_date <= ${at}
        and p.amount_used + p.amount_expired < p.amount and ${companies}
    ), led as (
      insert into credit_ledger (company_id, pack_id, kind, amount, created_at)
      select company_id, id, 'expire'::ledger_kind, -rem, ${now} from due
      returning 1
    ), pk as (
      update credit_packs p set amount_expired = p.amount_expired + d.rem, expired_at = ${now}
      from due d where p.id = d.id
      returning 1
    ), ac as (
      update billing_accounts a set balance = a.balance - x.s
      from (select company_id, sum(rem) as s from due group by company_id) x
      where a.company_id = x.company_id
      returning 1
    )
    select count(*)::int as n from due`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/** Condition on a credit_packs alias `p`: the packs of one company. */
export const ofCompany = (companyId: number) => sql`p.company_id = ${companyId}`;
/** Condition on `p`: the packs of these companies. */
export const ofCompanies = (ids: number[]) => sql`p.company_id = any(${`{${ids.join(',')}}`}::int[])`;

/**
 * Locks the accounts of up to `limit` companies that hold a pack past its expiry with credit left, in
 * company order (the order every batch locks in), and answers their ids.
 */
export async function lockCompaniesWithDuePacks(db: Database, at: Date, limit: number): Promise<number[]> {
  const result = await db.execute(sql`
    select a.company_id from billing_accounts a
    where a.company_id in (
      select distinct p.company_id from credit_packs p
      where p.expiry_date is not null and p.expiry_date <= ${at} and p.amount_used + p.amount_expired < p.amount
      limit ${limit})
    order by a.company_id
    for update`);
  return rowsOf<{ company_id: number }>(result).map((r) => r.company_id);
}

/** One difference between the ledger and what is derived from it. */
export interface LedgerMismatch {
  what: string;
  id: number;
  company_id: number;
  expected: string;
  found: string;
}

/**
 * Re-derives every pack's amount_used and amount_expired, every balance, every charged usage row and the
 * debt rule from the ledger rows, and answers every difference (none when the books agree). What the rows
 * refer to, and that it is of their own company, the keys hold at write (decision 0092).
 */
export async function ledgerMismatches(db: Database, limit = 100): Promise<LedgerMismatch[]> {
  const result = await db.execute(sql`
    with per_pack as (
      select pack_id,
        coalesce(sum(amount) filter (where kind in ('credit', 'refund')), 0) as arrived,
        count(*) filter (where kind in ('credit', 'refund')) as arrivals,
        coalesce(-sum(amount) filter (where kind in ('charge', 'settle')), 0) as used,
        coalesce(-sum(amount) filter (where kind = 'expire'), 0) as expired
      from credit_ledger where pack_id is not null group by pack_id
    ), per_company as (
      select company_id, sum(amount) as balance, coalesce(-sum(amount) filter (where pack_id is null), 0) as debt
      from credit_ledger group by company_id
    ), per_usage as (
      select usage_id, -sum(amount) as paid from credit_ledger where kind = 'charge' group by usage_id
    )
    select * from (
      select 'pack amount' as what, p.id, p.company_id, p.amount::text as expected, coalesce(l.arrived, 0)::text || ' in ' || coalesce(l.arrivals, 0) || ' row(s)' as found
      from credit_packs p left join per_pack l on l.pack_id = p.id
      where coalesce(l.arrived, 0) <> p.amount or coalesce(l.arrivals, 0) <> 1
      union all
      select 'pack amount_used', p.id, p.company_id, coalesce(l.used, 0)::text, p.amount_used::text
      from credit_packs p left join per_pack l on l.pack_id = p.id where coalesce(l.used, 0) <> p.amount_used
      union all
      select 'pack amount_expired', p.id, p.company_id, coalesce(l.expired, 0)::text, p.amount_expired::text
      from credit_packs p left join per_pack l on l.pack_id = p.id where coalesce(l.expired, 0) <> p.amount_expired
      union all
      select 'balance', coalesce(a.company_id, c.company_id), coalesce(a.company_id, c.company_id),
        coalesce(c.balance, 0)::text, coalesce(a.balance::text, 'no account row')
      from billing_accounts a full join per_company c on c.company_id = a.company_id
      where a.company_id is null or coalesce(c.balance, 0) <> a.balance
      union all
      select 'debt while a pack holds credit', c.company_id, c.company_id, '0', c.debt::text
      from per_company c
      where c.debt > 0 and exists (
        select 1 from credit_packs p where p.company_id = c.company_id and p.amount_used + p.amount_expired < p.amount)
      union all
      select 'usage paid', u.id, u.company_id, u.amount::text, coalesce(l.paid, 0)::text
      from billing_usage u left join per_usage l on l.usage_id = u.id where coalesce(l.paid, 0) <> u.amount
    ) m
    order by company_id, what, id
    limit ${limit}`);
  return rowsOf<LedgerMismatch>(result).map((r) => ({ ...r, id: Number(r.id), company_id: Number(r.company_id) }));
}
