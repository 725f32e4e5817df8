import {
  CURRENT_MONTH_DAYS,
  type CurrentMonthData,
  type CurrentMonthWidgetId,
  type SignupEngagementFilter,
  WINNERS_LOSERS_DAYS,
  WINNERS_LOSERS_LIMIT,
} from '@portal/contract/reports/current-month';
import type { Database } from '../../../platform/db.ts';
import * as q from '../queries/current-month.ts';

// Made once: building a formatter costs more than reading a widget from its cache.
const AUCKLAND_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Auckland calendar day of an instant, 'YYYY-MM-DD' (every figure counts Auckland days, decision 0059). */
export function aucklandDay(at: Date): string {
  return AUCKLAND_DAY.format(at);
}

/** A day moved by whole days, in calendar arithmetic (no time zone involved). */
export function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The engagement funnel's default start: the first day of the month three months before today's. */
export function defaultEngagementStart(today: string): string {
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 3);
  return d.toISOString().slice(0, 10);
}

export interface WidgetParams {
  start_time: string;
  filter: SignupEngagementFilter;
}

/**
 * The current month's signups scaled to the whole month: signups so far × days in the month ÷ days elapsed
 * (today counted as elapsed), rounded half up (decision 0059).
 */
export function signupEstimate(signupsSoFar: number, daysInMonth: number, dayOfMonth: number): number {
  return Math.floor((signupsSoFar * daysInMonth * 2 + dayOfMonth) / (dayOfMonth * 2));
}

async function winnersAndLosers(db: Database, what: 'devices' | 'boosters', today: string) {
  const day = await q.latestStatsDay(db, today);
  if (!day) return { date: null, compared_with: null, winners: [], losers: [] };
  const before = shiftDay(day, -WINNERS_LOSERS_DAYS);
  const [winners, losers] = [
    await q.movements(db, what, day, before, 'up', WINNERS_LOSERS_LIMIT),
    await q.movements(db, what, day, before, 'down', WINNERS_LOSERS_LIMIT),
  ];
  return { date: day, compared_with: before, winners, losers };
}

/** Computes a widget from the report views on `db` (the replica when there is one). */
export async function computeWidget(
  db: Database,
  id: CurrentMonthWidgetId,
  today: string,
  params: WidgetParams,
): Promise<CurrentMonthData> {
  switch (id) {
    case 'admin_monthly_totals': {
      const rows = await q.monthlyTotals(db, today);
      const current = today.slice(0, 7);
      return { id, rows: rows.map((r) => ({ ...r, is_partial: r.month === current })) };
    }
    case 'admin_signup_by_month': {
      const rows = await q.signupsByMonth(db, today);
      const current = today.slice(0, 7);
      const dayOfMonth = Number(today.slice(8, 10));
      return {
        id,
        rows: rows.map((r) => ({
          month: r.month,
          signups: r.signups,
          estimate: r.month === current ? signupEstimate(r.signups, r.days_in_month, dayOfMonth) : null,
        })),
      };
    }
    case 'admin_active_partners':
      return { id, rows: await q.activePartners(db, today, CURRENT_MONTH_DAYS) };
    case 'admin_booster_totals':
      return { id, rows: await q.boosterTotals(db, today, CURRENT_MONTH_DAYS) };
    case 'admin_booster_winners_and_losers':
      return { id, ...(await winnersAndLosers(db, 'boosters', today)) };
    case 'admin_device_os_usage_by_month':
      return { id, rows: await q.deviceOsByMonth(db, today) };
    case 'admin_device_winners_and_losers':
      return { id, ...(await winnersAndLosers(db, 'devices', today)) };
    case 'admin_servers_by_version':
      return { id, rows: await q.serversByVersion(db) };
    case 'admin_signup_engagement':
      return {
        id,
        start_time: params.start_time,
        filter: params.filter,
        ...(await q.signupEngagement(db, params.start_time, today, params.filter)),
      };
  }
}
