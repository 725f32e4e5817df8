import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Times are stored in UTC and always shown in the vendor's zone, whatever the browser's. */
export const DISPLAY_TIME_ZONE = 'Pacific/Auckland';
export const INVALID_DATE_TIME = 'Invalid DateTime';

export type DateInput = string | number | Date | null | undefined;

/**
 * Strings without an offset are read as UTC (that is how the server stores them);
 * numbers are milliseconds since the epoch, like `Date`.
 */
function toZoned(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const parsed = dayjs.utc(value);
  return parsed.isValid() ? parsed.tz(DISPLAY_TIME_ZONE) : null;
}

/** '2024-01-15 13:00' in Pacific/Auckland, or 'Invalid DateTime'. */
export function formatDateTime(value: DateInput): string {
  return toZoned(value)?.format('YYYY-MM-DD HH:mm') ?? INVALID_DATE_TIME;
}

/** '2024-01-15' in Pacific/Auckland, or 'Invalid DateTime'. */
export function formatDate(value: DateInput): string {
  return toZoned(value)?.format('YYYY-MM-DD') ?? INVALID_DATE_TIME;
}

/** The spec passes some times (will_delete_at) as seconds since the epoch. */
export function fromUnixSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}
