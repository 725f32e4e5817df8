import { DISTRIBUTOR_REPORT_MONTHS, FIRST_REPORT_MONTH } from '@portal/contract/reports/distributor-usage';
import { DISPLAY_TIME_ZONE } from '../../../lib/dates';

const monthFormat = new Intl.DateTimeFormat('en-CA', { timeZone: DISPLAY_TIME_ZONE, year: 'numeric', month: '2-digit' });
const labelFormat = new Intl.DateTimeFormat('en-NZ', { timeZone: 'UTC', year: 'numeric', month: 'long' });

/** This month (YYYY-MM) in Pacific/Auckland, the zone the charges' days are counted in. */
export function currentMonth(now: Date = new Date()): string {
  return monthFormat.format(now).slice(0, 7);
}

export function addMonths(yearmonth: string, n: number): string {
  const [y, m] = yearmonth.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** 2026-11 -> 'November 2026'. */
export function monthLabel(yearmonth: string): string {
  return labelFormat.format(new Date(`${yearmonth}-01T00:00:00Z`));
}

/** Spec-2 §5: admins choose from 2017-01, distributors from the last 12 months; newest first, up to this month. */
export function reportMonths(isAdmin: boolean, now: Date = new Date()): string[] {
  const last = currentMonth(now);
  const first = isAdmin ? FIRST_REPORT_MONTH : addMonths(last, 1 - DISTRIBUTOR_REPORT_MONTHS);
  const months: string[] = [];
  for (let m = last; m >= first; m = addMonths(m, -1)) months.push(m);
  return months;
}
