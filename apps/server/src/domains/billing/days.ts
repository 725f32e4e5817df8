import { DAY_IN_FUTURE_MESSAGE, FROM_AFTER_TO_MESSAGE } from '@portal/contract/billing/fields';
import { badInput } from '../../platform/errors.ts';

/**
 * Charge days are calendar days in Pacific/Auckland, the zone every date of the portal is shown in
 * (docs/decisions/0019): day D is charged once it has begun there.
 */
export const BILLING_ZONE = 'Pacific/Auckland';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: BILLING_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day (YYYY-MM-DD) in Pacific/Auckland at this moment. */
export function dayOf(at: Date): string {
  return dayFormat.format(at);
}

/** The day n days after (or before, n < 0) a YYYY-MM-DD day. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The moment a day begins in Pacific/Auckland. */
export function startOfDay(day: string): Date {
  // Noon UTC of the day is within it in every offset Auckland uses; step back to its local midnight.
  const guess = new Date(`${day}T00:00:00Z`);
  for (const offsetHours of [13, 12, 14, 11]) {
    const at = new Date(guess.getTime() - offsetHours * 3_600_000);
    if (dayOf(at) === day && dayOf(new Date(at.getTime() - 1)) !== day) return at;
  }
  throw new Error(`cannot find the start of ${day} in ${BILLING_ZONE}`);
}

/** A usage day in the current month in Pacific/Auckland: the month's usage may still change (spec-2 §4). */
export function isNotFinalized(day: string, now: Date): boolean {
  return day.slice(0, 7) === dayOf(now).slice(0, 7);
}

/**
 * A From/To range of days as the usage and daily stats calls take it: neither after today (in Auckland),
 * and From not later than To; the spec's messages on the field at fault.
 */
export function checkDayRange(
  range: { target_from?: string | null; target_to?: string | null },
  now: Date,
): { from: string | null; to: string | null; today: string } {
  const today = dayOf(now);
  const from = range.target_from ?? null;
  const to = range.target_to ?? null;
  if (from !== null && from > today) throw badInput({ target_from: DAY_IN_FUTURE_MESSAGE });
  if (to !== null && to > today) throw badInput({ target_to: DAY_IN_FUTURE_MESSAGE });
  if (from !== null && to !== null && from > to) throw badInput({ target_from: FROM_AFTER_TO_MESSAGE });
  return { from, to, today };
}
