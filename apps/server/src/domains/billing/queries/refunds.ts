import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../../platform/db.ts';
import { billingDevices } from '../tables.ts';

export type DeviceRow = typeof billingDevices.$inferSelect;

/**
 * Devices the company's servers report, in one statement: each keeps its first sighting and comes back if it was
 * removed (unless refunded); an operating system, once reported, is kept until another is. Keys are unique and
 * sorted, so two check-ins of one company lock rows in one order.
 */
export async function upsertDevices(
  db: Database,
  companyId: number,
  at: Date,
  devices: readonly { device_key: string; username: string; os: string }[],
) {
  if (devices.length === 0) return;
  const rows = [...new Map(devices.map((d) => [d.device_key, d])).values()].sort((a, b) => (a.device_key < b.device_key ? -1 : 1));
  await db
    .insert(billingDevices)
    .values(
      rows.map((d) => ({
        company_id: companyId,
        device_key: d.device_key,
        username: d.username,
        first_seen_at: at,
        reported_os: d.os || null,
      })),
    )
    .onConflictDoUpdate({
      target: [billingDevices.company_id, billingDevices.device_key],
      set: {
        username: sql`excluded.username`,
        reported_os: sql`coalesce(excluded.reported_os, ${billingDevices.reported_os})`,
        deleted_at: sql`case when ${billingDevices.refunded_at} is null then null else ${billingDevices.deleted_at} end`,
      },
    });
}

/** The keys among `deviceKeys` that were present and are now marked deleted. */
export async function markDevicesDeleted(db: Database, companyId: number, deviceKeys: readonly string[], at: Date): Promise<string[]> {
  if (deviceKeys.length === 0) return [];
  const rows = await db
    .update(billingDevices)
    .set({ deleted_at: at })
    .where(
      and(
        eq(billingDevices.company_id, companyId),
        inArray(billingDevices.device_key, [...new Set(deviceKeys)]),
        isNull(billingDevices.deleted_at),
      ),
    )
    .returning({ device_key: billingDevices.device_key });
  return rows.map((r) => r.device_key);
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
