import { formatDate } from '../../../lib/dates';

/** Today's calendar day in Pacific/Auckland, the zone usage days are counted in. */
export function todayInDisplayZone(now: Date = new Date()): string {
  return formatDate(now);
}

/** The day `days` before `day` (both YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  const time = Date.parse(`${day}T00:00:00Z`) - days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

export interface DayRange {
  from: string;
  to: string;
}

const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * The From/To rules of /full_usage_history (spec-2 §2.9, §5): neither day after today, and a From later
 * than To raises To to From. The To picker offers no day before From, so this is the only way they cross.
 */
export function settleRange(range: DayRange, today: string): DayRange {
  const from = earlier(range.from, today);
  const to = earlier(range.to, today);
  return { from, to: from > to ? from : to };
}

/** The page opens on the current month so far (its usage is not finalized yet). */
export function defaultRange(today: string): DayRange {
  return { from: `${today.slice(0, 8)}01`, to: today };
}
