import { z } from 'zod';

/** The spec's service kinds (spec-1 §3 enumerations). */
export const SERVICE_KINDS = [
  'device',
  'booster',
  'hosted_server',
  'serial',
  'cloudview',
  'storage',
  'account',
  'storage_legacy',
  'hosted_server_storage_legacy',
] as const;
export const zServiceKind = z.enum(SERVICE_KINDS);
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** The booster kinds a server reports per day (its check-in) and billing charges for (the booster service's variants). */
export const BOOSTER_VARIANTS = ['microsoft365', 'disk_image', 'mssql', 'hyperv', 'vmware', 'proxmox'] as const;
export type BoosterVariant = (typeof BOOSTER_VARIANTS)[number];

export const DATE_FORMAT_MESSAGE = 'Please enter a date as YYYY-MM-DD';

const DAY_PARTS = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether a YYYY-MM-DD string names a day that exists. By arithmetic, not through a Date: every row of a
 * report's answer is checked, and building two Dates per day was a fifteenth of such a call's time.
 */
export function isCalendarDay(s: string): boolean {
  const parts = DAY_PARTS.exec(s);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const last = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  return last !== undefined && day >= 1 && day <= last;
}

/** A calendar day as YYYY-MM-DD (spec-1 §5: dates are entered so); the day must exist. */
export const zDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATE_FORMAT_MESSAGE })
  .refine(isCalendarDay, DATE_FORMAT_MESSAGE);

/** A range of days; both ends are checked against today (Pacific/Auckland) by the server, which knows the clock. */
export const zDayRange = z.object({
  target_from: zDay.nullable().optional(),
  target_to: zDay.nullable().optional(),
});

export const DAY_IN_FUTURE_MESSAGE = 'The date cannot be later than today';
export const FROM_AFTER_TO_MESSAGE = 'From cannot be later than To';
