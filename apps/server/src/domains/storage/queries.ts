import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db.ts';
import { storageAccounts, storageBuckets, storageUtilization } from './tables.ts';

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

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
 * The next accounts to measure, locked until the job's transaction ends: never measured, or last measured
 * before `before`. Accounts another node holds are skipped, so nodes running the job at once share the work
 * and measure each account once.
 */
export async function lockDueAccounts(db: Database, before: Date, limit: number): Promise<DueAccount[]> {
  const result = await db.execute(sql`
    select id, company_id, provider_account_id from storage_accounts
    where utilization_measured_at is null or utilization_measured_at < ${before}
    order by utilization_measured_at nulls first, id
    limit ${limit}
    for update skip locked`);
  return rowsOf<{ id: number; company_id: number; provider_account_id: string }>(result).map((r) => ({
    id: Number(r.id),
    company_id: Number(r.company_id),
    provider_account_id: r.provider_account_id,
  }));
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
 * region of theirs measured earlier that day that holds no bucket now is removed. Two statements for the whole
 * batch; a rerun of the day rewrites the same rows.
 */
export async function writeUtilization(db: Database, day: string, companyIds: number[], rows: UtilizationRow[], at: Date) {
  if (!companyIds.length) return;
  const regions = rows.map((r) => r.region);
  const owners = rows.map((r) => r.company_id);
  await db.execute(sql`
    delete from storage_utilization u
    where u.day = ${day}::date and u.company_id = any(${`{${companyIds.join(',')}}`}::int[])
      and not exists (
        select 1 from unnest(${`{${owners.join(',')}}`}::int[], ${pgTextArray(regions)}::text[]) as n(company_id, region)
        where n.company_id = u.company_id and n.region = u.region)`);
  if (!rows.length) return;
  await db
    .insert(storageUtilization)
    .values(
      rows.map((r) => ({
        company_id: r.company_id,
        day,
        region: r.region,
        padded_storage_size_bytes: r.padded,
        metadata_storage_size_bytes: r.metadata,
        deleted_storage_size_bytes: r.deleted,
        buckets_count: r.buckets,
        measured_at: at,
      })),
    )
    .onConflictDoUpdate({
      target: [storageUtilization.company_id, storageUtilization.day, storageUtilization.region],
      set: {
        padded_storage_size_bytes: sql`excluded.padded_storage_size_bytes`,
        metadata_storage_size_bytes: sql`excluded.metadata_storage_size_bytes`,
        deleted_storage_size_bytes: sql`excluded.deleted_storage_size_bytes`,
        buckets_count: sql`excluded.buckets_count`,
        measured_at: sql`excluded.measured_at`,
      },
    });
}

/** A PostgreSQL text[] literal (regions are provider ids, but quoted all the same). */
function pgTextArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

export async function markMeasured(db: Database, accountIds: number[], at: Date) {
  if (!accountIds.length) return;
  await db.execute(sql`update storage_accounts set utilization_measured_at = ${at} where id = any(${`{${accountIds.join(',')}}`}::int[])`);
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
