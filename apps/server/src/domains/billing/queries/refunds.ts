import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { billingDevices } from '../tables.ts';
import { rowsOf } from './ledger.ts';

export type DeviceRow = typeof billingDevices.$inferSelect;

/** A device the company's servers report; seen again, it keeps its first sighting (and comes back if it was removed, unless refunded). */
export async function upsertDevice(db: Database, row: { company_id: number; device_key: string; username: string; first_seen_at: Date }) {
  await db
    .insert(billingDevices)
    .values(row)
    .onConflictDoUpdate({
      target: [billingDevices.company_id, billingDevices.device_key],
      set: {
        username: row.username,
        deleted_at: sql`case when ${billingDevices.refunded_at} is null then null else ${billingDevices.deleted_at} end`,
      },
    });
}

export async function markDeviceDeleted(db: Database, companyId: number, deviceKey: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(billingDevices)
    .set({ deleted_at: at })
    .where(and(eq(billingDevices.company_id, companyId), eq(billingDevices.device_key, deviceKey), isNull(billingDevices.deleted_at)))
    .returning({ id: billingDevices.id });
  return rows.length > 0;
}

/**
 * Companies (not deleted or migrated) with a device removed before `cutoff` within their guarantee window
 * (customer_trial_length_days from its first sighting) and not yet refunded.
 */
export async function companiesWithRefundsDue(db: Database, cutoff: Date, limit: number): Promise<number[]> {
  const result = await db.execute(sql`
    select distinct d.company_id from billing_devices d
    join company_billing c on c.company_id = d.company_id
    where d.deleted_at is not null and d.refunded_at is null and d.deleted_at < ${cutoff}
      and d.deleted_at < d.first_seen_at + make_interval(days => c.customer_trial_length_days)
      and c.current_state not in ('DELETED', 'MIGRATED')
    order by d.company_id limit ${limit}`);
  return rowsOf<{ company_id: number }>(result).map((r) => Number(r.company_id));
}

/** The company's devices due a refund (as above), locked; a runner at the same moment skips them. */
export async function lockDevicesDue(db: Database, companyId: number, cutoff: Date): Promise<DeviceRow[]> {
  const result = await db.execute(sql`
    select d.id from billing_devices d
    join company_billing c on c.company_id = d.company_id
    where d.company_id = ${companyId} and d.deleted_at is not null and d.refunded_at is null and d.deleted_at < ${cutoff}
      and d.deleted_at < d.first_seen_at + make_interval(days => c.customer_trial_length_days)
    order by d.id
    for update of d skip locked`);
  const ids = rowsOf<{ id: number }>(result).map((r) => Number(r.id));
  if (!ids.length) return [];
  return db
    .select()
    .from(billingDevices)
    .where(sql`${billingDevices.id} = any(${`{${ids.join(',')}}`}::bigint[])`)
    .orderBy(billingDevices.id);
}

/** The company's device charges on the days from `from` to `to`: amount and the devices counted. */
export async function deviceChargesBetween(db: Database, companyId: number, from: string, to: string) {
  const result = await db.execute(sql`
    select charge_day::text as day, amount, quantity from billing_usage
    where company_id = ${companyId} and kind = 'device' and charge_day >= ${from}::date and charge_day <= ${to}::date
    order by charge_day`);
  return rowsOf<{ day: string; amount: string; quantity: string }>(result).map((r) => ({
    day: r.day,
    amount: Number(r.amount),
    quantity: Number(r.quantity),
  }));
}

export async function markRefunded(db: Database, deviceId: number, o: { at: Date; packId: number | null; amount: number }) {
  await db
    .update(billingDevices)
    .set({ refunded_at: o.at, refund_pack_id: o.packId, refund_amount: o.amount })
    .where(eq(billingDevices.id, deviceId));
}
