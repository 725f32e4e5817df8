import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db.ts';
import { storageAccounts, storageBuckets } from './tables.ts';

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
