import type { Actor } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import * as notifications from '../notifications/service.ts';
import * as tenancy from '../tenancy/service.ts';
import { dayOf } from './days.ts';
import { addCredit } from './ledger.ts';
import * as q from './queries/refunds.ts';
import { shareSince } from './refund-reads.ts';

type AnyContext = CallContext<Actor | null>;

/** Companies one run of the refund job handles; the scheduler runs it again while there are more. */
const REFUND_BATCH = 100;
export const REFUND_PACK_NAME = 'New user refund';

/** The latest refund time at or before `now`: the spec's Sunday 08:00 UTC. */
export function latestRefundTime(now: Date): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 8));
  at.setUTCDate(at.getUTCDate() - at.getUTCDay());
  if (at.getTime() > now.getTime()) at.setUTCDate(at.getUTCDate() - 7);
  return at;
}

/** A device the company's servers report: its key on the server, the user, and its operating system ('' when not told). */
export interface ReportedDevice {
  device_key: string;
  username: string;
  os: string;
}

/**
 * What a company's server reports of its devices: those it now has (each one's guarantee window starts at its
 * first sighting) and those deleted from it (within the window, their charges come back at the next weekly
 * refund). Answers the keys newly marked deleted.
 */
export async function devicesReported(
  ctx: AnyContext,
  input: { company_id: number; seen: readonly ReportedDevice[]; removed: readonly string[]; at?: Date },
): Promise<string[]> {
  const at = input.at ?? ctx.clock.now();
  await q.upsertDevices(ctx.db, input.company_id, at, input.seen);
  return q.markDevicesDeleted(ctx.db, input.company_id, input.removed, at);
}

/** One device seen, as tests build their fleets. */
export async function deviceSeen(
  ctx: AnyContext,
  input: { company_id: number; device_key: string; username: string; os?: string; at?: Date },
) {
  await devicesReported(ctx, {
    company_id: input.company_id,
    seen: [{ device_key: input.device_key, username: input.username, os: input.os ?? '' }],
    removed: [],
    at: input.at,
  });
}

/** One device deleted from its server; true when it was present. */
export async function deviceRemoved(ctx: AnyContext, input: { company_id: number; device_key: string; at?: Date }): Promise<boolean> {
  const removed = await devicesReported(ctx, { company_id: input.company_id, seen: [], removed: [input.device_key], at: input.at });
  return removed.length > 0;
}

/**
 * Scheduled (weekly, Sunday 08:00 UTC; the job wakes more often and acts on what that time makes due): the
 * device charges of each device deleted within customer_trial_length_days of first being seen come back,
 * once, as one refund pack per company with its ledger row, and a mail. A device's share of a day's device
 * charge is the charge split evenly over the devices counted that day, from its first day to its last.
 */
export async function refundNewUsersJob(ctx: CallContext): Promise<number> {
  const now = ctx.clock.now();
  const cutoff = latestRefundTime(now);
  let handled = 0;
  for (const companyId of await q.companiesWithRefundsDue(ctx.db, cutoff, REFUND_BATCH)) {
    // The company before its devices: the refund's credit takes the company's lock, as calls do before the devices'.
    await tenancy.lockCompany(ctx, { companyId });
    const devices = await q.lockDevicesDue(ctx.db, companyId, cutoff);
    if (!devices.length) continue;
    const firstDay = devices.map((d) => dayOf(d.first_seen_at)).sort()[0] ?? dayOf(now);
    const lastDay =
      devices
        .map((d) => dayOf(d.deleted_at ?? now))
        .sort()
        .at(-1) ?? dayOf(now);
    const charges = await q.deviceChargesBetween(ctx.db, companyId, firstDay, lastDay);
    const shares = devices.map((d) => {
      const last = dayOf(d.deleted_at ?? now);
      return {
        device: d,
        amount: shareSince(
          charges.filter((c) => c.day <= last),
          dayOf(d.first_seen_at),
        ),
      };
    });
    const total = shares.reduce((sum, s) => sum + s.amount, 0);
    const pack =
      total > 0
        ? await addCredit(ctx, {
            company_id: companyId,
            name: REFUND_PACK_NAME,
            amount: total,
            source: 'refund',
            added_by_user: 'Customer guarantee',
            creates_billing_entry: false,
          })
        : null;
    for (const s of shares) await q.markRefunded(ctx.db, s.device.id, { at: now, packId: pack?.id ?? null, amount: s.amount });
    if (pack)
      await notifications.sendNewUserRefundMail(ctx, { companyId, amountCents: total, devices: shares.filter((s) => s.amount > 0).length });
    handled += devices.length;
  }
  return handled;
}
