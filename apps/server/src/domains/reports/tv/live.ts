import { TV_DAILY_STATS_DAYS, type TvDailyStats } from '@portal/contract/reports/tv';
import type { PublicContext } from '../../../platform/context.ts';
import * as billing from '../../billing/service.ts';
import { readWidget } from '../current-month/service.ts';
import * as q from '../queries/server-versions-tv.ts';

const DAY_MS = 86_400_000;

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

const emptyDay = (date: string): TvDailyStats => ({
  date,
  device_count: 0,
  booster_count: 0,
  active_partner_count: 0,
  hosted_comet_v2_count: 0,
  cloudview_count: 0,
  storage_amount_total: 0,
  storage_active_count: 0,
});

/**
 * The last 60 complete days, to yesterday (Pacific/Auckland), oldest first, one entry a day: a day no server
 * reported is all zeros, so the sparklines keep their time axis. Today's stats are still arriving, so the tiles
 * show the latest complete day, the day Monthly Totals' current month reads too (docs/decisions/0063).
 */
export async function dailyStatsWindow(ctx: PublicContext): Promise<TvDailyStats[]> {
  const yesterday = addDays(billing.billingDayOf(ctx), -1);
  const from = addDays(yesterday, 1 - TV_DAILY_STATS_DAYS);
  const rows = new Map((await q.dailyStatsTotals(ctx.db, from, yesterday)).map((r) => [r.date, r]));
  return Array.from({ length: TV_DAILY_STATS_DAYS }, (_, i) => {
    const date = addDays(from, i);
    return rows.get(date) ?? emptyDay(date);
  });
}

/** Tickets over the 7 days to now. */
export function ticketStats7d(ctx: PublicContext) {
  const now = ctx.clock.now();
  return q.ticketStats(ctx.db, new Date(now.getTime() - 7 * DAY_MS), now);
}

/**
 * /api/v1/reports/live, once checkTvCredentials has let the wall in. Monthly Totals and Signups By Month are the
 * /reports widgets' cached answers (computed first on a miss), so the wall and /reports show the same figures.
 */
export async function live(ctx: PublicContext) {
  return {
    daily_stats: await dailyStatsWindow(ctx),
    ticket_stats_7d: await ticketStats7d(ctx),
    report_admin_monthly_totals: await readWidget(ctx, 'admin_monthly_totals'),
    report_admin_signup_by_month: await readWidget(ctx, 'admin_signup_by_month'),
  };
}
