import type { Actor } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { dayOf } from './days.ts';
import { findAccount } from './queries/ledger.ts';
import { runRateOf } from './queries/stats.ts';

export interface Estimates {
  balance: number;
  /** Whole days the balance lasts at the recent rate; null when unknown (nothing charged lately). */
  days_remaining: number | null;
  estimated_monthly_cents: number;
  estimated_weekly_cents: number;
}

/**
 * The company's balance and what its recent charges say about it: the run rate of its running services
 * (each one's latest charge spread over its cycle), 30 and 7 days of it as the monthly and weekly
 * estimates (spec: the monthly estimate is 30 times the daily cost), and the days the balance lasts at
 * that rate (0 once the balance is gone; null when nothing was charged lately).
 */
export async function estimatesOf(ctx: CallContext<Actor | null>, companyId: number): Promise<Estimates> {
  const today = dayOf(ctx.clock.now());
  const balance = (await findAccount(ctx.db, companyId))?.balance ?? 0;
  const perDay = await runRateOf(ctx.db, companyId, today);
  return {
    balance,
    days_remaining: perDay > 0 ? Math.max(0, Math.floor(balance / perDay)) : null,
    estimated_monthly_cents: Math.round(perDay * 30),
    estimated_weekly_cents: Math.round(perDay * 7),
  };
}
