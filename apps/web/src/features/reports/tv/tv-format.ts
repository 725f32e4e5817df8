import { DISPLAY_TIME_ZONE } from '../../../lib/dates';

/** Bytes as the wall shows them: decimal units, as storage is sold, to one decimal place past 10. */
export function formatStorage(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

export const formatCount = (n: number) => n.toLocaleString('en-US');

/** A daily stats day ('2026-11-20', already the display zone's calendar day) as the tiles name it: "20 Nov". */
const dayFormat = new Intl.DateTimeFormat('en-NZ', { timeZone: 'UTC', day: 'numeric', month: 'short' });
export const formatDay = (date: string) => dayFormat.format(new Date(`${date}T12:00:00Z`));

/**
 * The wall's clock to the second, in the display zone every date of the app uses (lib/dates has no
 * seconds: no other page ticks).
 */
const clockFormat = new Intl.DateTimeFormat('en-NZ', {
  timeZone: DISPLAY_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
export const formatClock = (at: Date) => clockFormat.format(at);
