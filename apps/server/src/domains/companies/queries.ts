import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db.ts';
import { companyAutoTopup, companyCustomerPortal, distributorRegions, distributorSettings } from './tables.ts';

export async function findDistributorSettings(db: Database, companyId: number) {
  const [row] = await db.select().from(distributorSettings).where(eq(distributorSettings.company_id, companyId)).limit(1);
  return row ?? null;
}

export async function upsertDistributorSettings(
  db: Database,
  companyId: number,
  changes: Partial<typeof distributorSettings.$inferInsert>,
) {
  await db
    .insert(distributorSettings)
    .values({ company_id: companyId, ...changes })
    .onConflictDoUpdate({ target: distributorSettings.company_id, set: changes });
}

export async function listRegionCodes(db: Database, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ code: distributorRegions.region_code })
    .from(distributorRegions)
    .where(eq(distributorRegions.company_id, companyId));
  return rows.map((r) => r.code);
}

export async function addRegions(db: Database, companyId: number, codes: string[]): Promise<void> {
  if (codes.length)
    await db
      .insert(distributorRegions)
      .values(codes.map((region_code) => ({ company_id: companyId, region_code })))
      .onConflictDoNothing();
}

export async function removeRegion(db: Database, companyId: number, code: string): Promise<void> {
  await db.delete(distributorRegions).where(and(eq(distributorRegions.company_id, companyId), eq(distributorRegions.region_code, code)));
}

export async function findAutoTopup(db: Database, companyId: number) {
  const [row] = await db.select().from(companyAutoTopup).where(eq(companyAutoTopup.company_id, companyId)).limit(1);
  return row ?? null;
}

export async function findLivePortal(db: Database, companyId: number) {
  const [row] = await db.select().from(companyCustomerPortal).where(eq(companyCustomerPortal.company_id, companyId)).limit(1);
  return row ?? null;
}
