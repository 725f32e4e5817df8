import type { Database } from '../../../platform/db.ts';
import {
  billingAccounts,
  billingChargingDays,
  billingDevices,
  billingServices,
  billingUsage,
  creditLedger,
  creditPacks,
  dailyStats,
} from '../tables.ts';

const CHUNK = 2000;

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

export type NewServiceRow = typeof billingServices.$inferInsert;
export type NewPackRow = typeof creditPacks.$inferInsert;
export type NewUsageRow = typeof billingUsage.$inferInsert;
export type NewLedgerRow = typeof creditLedger.$inferInsert;
export type NewStatsRow = typeof dailyStats.$inferInsert;
export type NewDeviceRow = typeof billingDevices.$inferInsert;
export type NewAccountRow = typeof billingAccounts.$inferInsert;

export async function insertServices(db: Database, rows: NewServiceRow[]) {
  return rows.length ? db.insert(billingServices).values(rows).returning({ id: billingServices.id }) : [];
}

export async function insertPacks(db: Database, rows: NewPackRow[]) {
  return rows.length ? db.insert(creditPacks).values(rows).returning({ id: creditPacks.id }) : [];
}

export async function insertUsage(db: Database, rows: NewUsageRow[]) {
  const ids: { id: number }[] = [];
  await inChunks(rows, async (chunk) => ids.push(...(await db.insert(billingUsage).values(chunk).returning({ id: billingUsage.id }))));
  return ids;
}

export async function insertLedger(db: Database, rows: NewLedgerRow[]) {
  await inChunks(rows, (chunk) => db.insert(creditLedger).values(chunk));
}

export async function insertStats(db: Database, rows: NewStatsRow[]) {
  await inChunks(rows, (chunk) => db.insert(dailyStats).values(chunk));
}

export async function insertDevices(db: Database, rows: NewDeviceRow[]) {
  if (rows.length) await db.insert(billingDevices).values(rows);
}

export async function insertAccounts(db: Database, rows: NewAccountRow[]) {
  if (rows.length) await db.insert(billingAccounts).values(rows).onConflictDoNothing();
}

export async function insertChargingDays(db: Database, days: string[], at: Date) {
  await inChunks(
    days.map((day) => ({ day, started_at: at, completed_at: at })),
    (chunk) => db.insert(billingChargingDays).values(chunk).onConflictDoNothing(),
  );
}
