import { and, asc, count, desc, eq, ilike, inArray, max, or, sql, sum } from 'drizzle-orm';
import { type Database, rowsOf } from '../../platform/db.ts';
import { likePattern } from '../../platform/search.ts';
import { storageAccounts, storageBuckets, storageCompanies, storageUtilization } from './tables.ts';

export type AccountRow = typeof storageAccounts.$inferSelect;
export type BucketRow = typeof storageBuckets.$inferSelect;

export async function accountOf(db: Database, companyId: number): Promise<AccountRow | null> {
  const [row] = await db.select().from(storageAccounts).where(eq(storageAccounts.company_id, companyId));
  return row ?? null;
}

export async function insertAccount(db: Database, row: typeof storageAccounts.$inferInsert): Promise<AccountRow> {
  const [made] = await db.insert(storageAccounts).values(row).returning();
  if (!made) throw new Error('storage account not inserted');
  return made;
}

export async function setKeys(db: Database, accountId: number, keys: { access_key: string; secret_key: string }, at: Date) {
  await db
    .update(storageAccounts)
    .set({ ...keys, keys_rotated_at: at })
    .where(eq(storageAccounts.id, accountId));
}

export async function deleteAccount(db: Database, accountId: number) {
  await db.delete(storageAccounts).where(eq(storageAccounts.id, accountId));
}

export function bucketsOf(db: Database, companyId: number): Promise<BucketRow[]> {
  return db.select().from(storageBuckets).where(eq(storageBuckets.company_id, companyId)).orderBy(asc(storageBuckets.id));
}

/** Whose bucket of that name there is, if any (no lock: the caller locks the company first, then the bucket). */
export async function findBucket(db: Database, name: string): Promise<Pick<BucketRow, 'id' | 'company_id'> | null> {
  const [row] = await db
    .select({ id: storageBuckets.id, company_id: storageBuckets.company_id })
    .from(storageBuckets)
    .where(eq(storageBuckets.bucket, name));
  return row ?? null;
}

/** The company's bucket of that name, locked until the call ends; another company's reads as missing. */
export async function lockBucket(db: Database, companyId: number, name: string): Promise<BucketRow | null> {
  const [row] = await db
    .select()
    .from(storageBuckets)
    .where(and(eq(storageBuckets.company_id, companyId), eq(storageBuckets.bucket, name)))
    .for('update');
  return row ?? null;
}

export async function insertBucket(db: Database, row: typeof storageBuckets.$inferInsert): Promise<BucketRow> {
  const [made] = await db.insert(storageBuckets).values(row).returning();
  if (!made) throw new Error('bucket not inserted');
  return made;
}

export async function deleteBucket(db: Database, bucketId: number) {
  await db.delete(storageBuckets).where(eq(storageBuckets.id, bucketId));
}

export async function setBucketUsage(db: Database, bucketId: number, usage: { active: number; deleted: number }, at: Date) {
  await db
    .update(storageBuckets)
    .set({ active_storage_bytes: usage.active, deleted_storage_bytes: usage.deleted, updated_at: at })
    .where(eq(storageBuckets.id, bucketId));
}

export async function bucketCount(db: Database, companyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(storageBuckets).where(eq(storageBuckets.company_id, companyId));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Utilization (docs/decisions/0055)

export type DueAccount = Pick<AccountRow, 'id' | 'company_id' | 'provider_account_id'>;

/**
 * The next accounts to measure, locked until the job's transaction ends and marked measured at `at` in the
 * same statement: never measured, or last measured before `before`. Accounts another node holds are skipped,
 * so nodes running the job at once share the work and measure each account once; the mark rolls back with
 * the transaction if the batch fails.
 */
export async function claimDueAccounts(db: Database, before: Date, at: Date, limit: number): Promise<DueAccount[]> {
  const result = await db.execute(sql`
    update storage_accounts a set utilization_measured_at = ${at}
    from (
      select id from storage_accounts
      where utilization_measured_at is null or utilization_measured_at < ${before}
      order by utilization_measured_at nulls first, id
      limit ${limit}
      for update skip locked
    ) due
    where a.id = due.id
    returning a.id, a.company_id, a.provider_account_id`);
  return rowsOf<{ id: number; company_id: number; provider_account_id: string }>(result)
    .map((r) => ({ id: Number(r.id), company_id: Number(r.company_id), provider_account_id: r.provider_account_id }))
    .sort((a, b) => a.id - b.id);
}

export interface UtilizationRow {
  company_id: number;
  region: string;
  padded: number;
  metadata: number;
  deleted: number;
  buckets: number;
}

/**
 * The day's figures of the measured companies: each (company, day, region) row is written or rewritten, and a
 * region of theirs measured earlier that day that holds no bucket now is removed. One statement for the whole
 * batch, the rows passed as arrays (unnest), so its size does not grow with the batch; a rerun of the day
 * rewrites the same rows.
 */
export async function writeUtilization(db: Database, day: string, companyIds: number[], rows: UtilizationRow[], at: Date) {
  if (!companyIds.length) return;
  const ints = (values: number[]) => `{${values.join(',')}}`;
  await db.execute(sql`
    with n as (
      select * from unnest(${ints(rows.map((r) => r.company_id))}::int[], ${pgTextArray(rows.map((r) => r.region))}::text[],
        ${ints(rows.map((r) => r.padded))}::bigint[], ${ints(rows.map((r) => r.metadata))}::bigint[],
        ${ints(rows.map((r) => r.deleted))}::bigint[], ${ints(rows.map((r) => r.buckets))}::int[])
        as n(company_id, region, padded, metadata, deleted, buckets)
    ), gone as (
      delete from storage_utilization u
      where u.day = ${day}::date and u.company_id = any(${ints(companyIds)}::int[])
        and not exists (select 1 from n where n.company_id = u.company_id and n.region = u.region)
    )
    insert into storage_utilization (company_id, day, region, padded_storage_size_bytes, metadata_storage_size_bytes,
      deleted_storage_size_bytes, buckets_count, measured_at)
    select company_id, ${day}::date, region, padded, metadata, deleted, buckets, ${at} from n
    on conflict (company_id, day, region) do update set
      padded_storage_size_bytes = excluded.padded_storage_size_bytes,
      metadata_storage_size_bytes = excluded.metadata_storage_size_bytes,
      deleted_storage_size_bytes = excluded.deleted_storage_size_bytes,
      buckets_count = excluded.buckets_count,
      measured_at = excluded.measured_at`);
}

/** A PostgreSQL text[] literal (regions are provider ids, but quoted all the same). */
function pgTextArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

export type UtilizationRecord = typeof storageUtilization.$inferSelect;

/** The company's rows from `from` to `to` (days), oldest first, regions in name order within a day. */
export function utilizationOf(db: Database, companyId: number, from: string, to: string): Promise<UtilizationRecord[]> {
  return db
    .select()
    .from(storageUtilization)
    .where(
      and(
        eq(storageUtilization.company_id, companyId),
        sql`${storageUtilization.day} >= ${from}::date`,
        sql`${storageUtilization.day} <= ${to}::date`,
      ),
    )
    .orderBy(asc(storageUtilization.day), asc(storageUtilization.region));
}

/** The bytes charged for on each measured day (padded + metadata + deleted, every region), oldest first. */
export async function dailyTotalsOf(db: Database, companyId: number, from: string, to: string) {
  const result = await db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as date,
      sum(padded_storage_size_bytes + metadata_storage_size_bytes + deleted_storage_size_bytes)::bigint as bytes
    from storage_utilization
    where company_id = ${companyId} and day >= ${from}::date and day <= ${to}::date
    group by day order by day`);
  return rowsOf<{ date: string; bytes: string | number }>(result).map((r) => ({ date: r.date, storage_amount_bytes: Number(r.bytes) }));
}

/** The keys the portal holds for a provider's account (the Wasabi adapter makes its S3 calls with them). */
export async function keysOfProviderAccount(db: Database, provider: string, accountId: string) {
  const [row] = await db
    .select({ companyId: storageAccounts.company_id, accessKey: storageAccounts.access_key, secretKey: storageAccounts.secret_key })
    .from(storageAccounts)
    .where(and(eq(storageAccounts.provider, provider), eq(storageAccounts.provider_account_id, accountId)));
  return row ?? null;
}

/**
 * /manage_storage's page of accounts with their companies, newest first, and how many match: `search` is part
 * of a company name or provider account id, or a company id.
 */
export async function adminAccounts(db: Database, search: string, page: number, pageSize: number) {
  const c = storageCompanies;
  const where = search
    ? or(
        ilike(c.company_name, likePattern(search)),
        ilike(storageAccounts.provider_account_id, likePattern(search)),
        /^\d{1,9}$/.test(search) ? eq(c.company_id, Number(search)) : undefined,
      )
    : undefined;
  const [counted] = await db
    .select({ n: count() })
    .from(storageAccounts)
    .innerJoin(c, eq(c.company_id, storageAccounts.company_id))
    .where(where);
  const accounts = await db
    .select({
      company_id: c.company_id,
      company_name: c.company_name,
      company_type: c.company_type,
      can_have_comet_storage: c.can_have_comet_storage,
      provider: storageAccounts.provider,
      provider_account_id: storageAccounts.provider_account_id,
      created_at: storageAccounts.created_at,
      keys_rotated_at: storageAccounts.keys_rotated_at,
    })
    .from(storageAccounts)
    .innerJoin(c, eq(c.company_id, storageAccounts.company_id))
    .where(where)
    .orderBy(desc(storageAccounts.created_at), desc(storageAccounts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { accounts, total: Number(counted?.n ?? 0) };
}

/** Per company: its buckets, their active and deleted bytes as last measured, and when. */
export async function bucketTotalsOf(db: Database, companyIds: number[]) {
  if (!companyIds.length) return new Map<number, { n: number; bytes: number; measured_at: string | null }>();
  const rows = await db
    .select({
      company_id: storageBuckets.company_id,
      n: count(),
      bytes: sum(sql`${storageBuckets.active_storage_bytes} + ${storageBuckets.deleted_storage_bytes}`),
      measured_at: max(storageBuckets.updated_at),
    })
    .from(storageBuckets)
    .where(inArray(storageBuckets.company_id, companyIds))
    .groupBy(storageBuckets.company_id);
  return new Map(
    rows.map((b) => [
      b.company_id,
      { n: Number(b.n), bytes: Number(b.bytes ?? 0), measured_at: b.measured_at ? new Date(b.measured_at).toISOString() : null },
    ]),
  );
}

/**
 * The latest day the daily utilization job measured each company: padded + metadata + deleted bytes over its
 * regions (docs/decisions/0055).
 */
export async function latestMeasuredDays(db: Database, companyIds: number[]) {
  if (!companyIds.length) return new Map<number, { bytes: number; measured_at: string }>();
  const u = storageUtilization;
  const latestDays = db
    .select({ company_id: u.company_id, day: max(u.day) })
    .from(u)
    .where(inArray(u.company_id, companyIds))
    .groupBy(u.company_id);
  const rows = await db
    .select({
      company_id: u.company_id,
      bytes: sum(sql`${u.padded_storage_size_bytes} + ${u.metadata_storage_size_bytes} + ${u.deleted_storage_size_bytes}`),
      measured_at: max(u.measured_at),
    })
    .from(u)
    .where(sql`(${u.company_id}, ${u.day}) in ${latestDays}`)
    .groupBy(u.company_id);
  return new Map(
    rows.map((r) => [r.company_id, { bytes: Number(r.bytes ?? 0), measured_at: (r.measured_at ?? new Date(0)).toISOString() }]),
  );
}
