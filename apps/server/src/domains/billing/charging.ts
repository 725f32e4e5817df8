import type { CallContext } from '../../platform/context.ts';
import { mailLowBalances } from './credit-state.ts';
import { addDays, dayOf, startOfDay } from './days.ts';
import * as q from './queries/charging.ts';
import { expireDuePacks, lockAccount } from './queries/ledger.ts';
import { findService } from './queries/services.ts';

/** Companies charged per transaction: small enough to keep locks short, large enough to stay set-based. */
export const CHARGING_BATCH = 5000;

export interface BatchResult {
  /** Usage rows written. */
  charged: number;
  /** Whether anything moved (a batch, or a day completed); false when there is nothing to do or another runner holds the day. */
  progressed: boolean;
}

/**
 * One batch of the daily run, in the caller's transaction: adds the days since the last run (so a late run
 * catches up day by day, in order), takes the earliest unfinished day unless another runner holds it,
 * locks the next batch of companies' accounts, expires the packs that ended before the day began, and
 * charges the batch's due services for that day. The day row records how far it got, in the same
 * transaction, so a runner killed half way leaves nothing half done and the next run resumes there.
 */
export async function chargeNextBatch(ctx: CallContext, o: { until?: string; batch?: number } = {}): Promise<BatchResult> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const today = dayOf(now);
  const until = o.until && o.until < today ? o.until : today;
  const last = await q.lastChargingDay(db);
  const missing: string[] = [];
  for (let d = last ? addDays(last, 1) : until; d <= until; d = addDays(d, 1)) missing.push(d);
  await q.addChargingDays(db, missing, now);

  const open = await q.takeEarliestOpenDay(db);
  if (open === null || open === 'busy' || open.day > until) return { charged: 0, progressed: false };
  const lo = open.next_company_id;
  const hi = await q.lockAccountBatch(db, lo, o.batch ?? CHARGING_BATCH);
  if (hi === null) {
    await q.advanceChargingDay(db, open.day, lo, 0, now);
    return { charged: 0, progressed: true };
  }
  const dayStart = startOfDay(open.day);
  await expireDuePacks(db, q.inRange(lo, hi), dayStart, now);
  const charged = await q.chargeDay(db, { day: open.day, dayStart, dayEnd: startOfDay(addDays(open.day, 1)), lo, hi, now });
  // Told once, on the day itself: a catch-up of older days mails nothing about balances since gone.
  if (open.day === today && charged > 0) await mailLowBalances(ctx, { day: open.day, lo, hi });
  await q.advanceChargingDay(db, open.day, hi, charged, null);
  return { charged, progressed: true };
}

/** Scheduled: one batch per transaction; the scheduler repeats it while it makes progress. */
export async function chargingJob(ctx: CallContext): Promise<number> {
  const r = await chargeNextBatch(ctx);
  return r.progressed ? Math.max(1, r.charged) : 0;
}

/**
 * Charges every due service of every company for `day` (today by default) and any day before it the run
 * has not finished, batch after batch, in the caller's transaction (tests, the benchmark, a manual run).
 * Answers the usage rows written. A day already finished writes nothing.
 */
export async function runDailyCharging(ctx: CallContext, day?: string, batch?: number): Promise<number> {
  const until = day ?? dayOf(ctx.clock.now());
  let total = 0;
  for (;;) {
    const done = await q.chargingDay(ctx.db, until);
    if (done?.completed_at) return total;
    const r = await chargeNextBatch(ctx, { until, batch });
    total += r.charged;
    if (!r.progressed) return total;
  }
}

/**
 * Charges one service for today now, if it is due, in the caller's transaction: the same rules and the
 * same exactly-once keys as the daily run, which then finds it charged (a product domain that charges
 * at the start of a service). Answers whether a usage row was written.
 */
export async function chargeServiceNow(ctx: CallContext, serviceId: number): Promise<boolean> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const service = await findService(db, serviceId);
  if (!service) return false;
  await lockAccount(db, service.company_id, now);
  const day = dayOf(now);
  const dayStart = startOfDay(day);
  const lo = service.company_id - 1;
  await expireDuePacks(db, q.inRange(lo, service.company_id), now, now);
  const charged = await q.chargeDay(db, {
    day,
    dayStart,
    dayEnd: startOfDay(addDays(day, 1)),
    lo,
    hi: service.company_id,
    now,
    serviceId,
  });
  return charged > 0;
}
