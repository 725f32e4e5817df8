import { DISPLAY_TIME_ZONE } from '../../../lib/dates';

const monthFormat = new Intl.DateTimeFormat('en-CA', { timeZone: DISPLAY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today (YYYY-MM-DD) in Pacific/Auckland, the zone the reports' days are counted in. */
export function todayInZone(now: Date = new Date()): string {
  return monthFormat.format(now);
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The years a by-month report offers: from its first month's year to this year, newest first. */
export function reportYears(firstMonth: string, now: Date = new Date()): string[] {
  const first = Number(firstMonth.slice(0, 4));
  const last = Number(todayInZone(now).slice(0, 4));
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => String(last - i));
}

/** The months (01–12) of `year` within [firstMonth, this month]. */
export function reportMonthsOf(year: string, firstMonth: string, now: Date = new Date()): string[] {
  const thisMonth = todayInZone(now).slice(0, 7);
  return Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0')).filter((m) => {
    const ym = `${year}-${m}`;
    return ym >= firstMonth && ym <= thisMonth;
  });
}
