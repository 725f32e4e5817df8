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

export const DATE_FORMAT_MESSAGE = 'Please enter a date as YYYY-MM-DD';

/** A calendar day as YYYY-MM-DD (spec-1 §5: dates are entered so); the day must exist. */
export const zDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATE_FORMAT_MESSAGE })
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, DATE_FORMAT_MESSAGE);

/** A range of days; both ends are checked against today (Pacific/Auckland) by the server, which knows the clock. */
export const zDayRange = z.object({
  target_from: zDay.nullable().optional(),
  target_to: zDay.nullable().optional(),
});

export const DAY_IN_FUTURE_MESSAGE = 'The date cannot be later than today';
export const FROM_AFTER_TO_MESSAGE = 'From cannot be later than To';
