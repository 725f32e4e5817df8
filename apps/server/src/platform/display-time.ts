/**
 * Times are stored in UTC and shown in Pacific/Auckland (ARCHITECTURE.md), on screen and in what the portal
 * writes for people to read: PDFs and spreadsheets print the same wall-clock time the screens show.
 */
export const DISPLAY_TIME_ZONE = 'Pacific/Auckland';

/** One formatter: building an Intl formatter for a zone is slow next to using one. */
const ZONED = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPLAY_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function parts(instant: Date) {
  const p: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of ZONED.formatToParts(instant)) p[type] = value;
  return p;
}

/** 'YYYY-MM-DD HH:mm' in Pacific/Auckland, as the screens show a time (lib/dates.ts on the web). */
export function formatDisplayTime(instant: Date | string): string {
  const p = parts(typeof instant === 'string' ? new Date(instant) : instant);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/**
 * The Pacific/Auckland wall-clock time as a Date whose UTC fields hold it: what a spreadsheet cell, which has
 * no zone, needs in order to show the time the screens show.
 */
export function displayWallClock(instant: Date): Date {
  const p = parts(instant);
  const n = (v: string | undefined) => Number(v ?? 0);
  return new Date(Date.UTC(n(p.year), n(p.month) - 1, n(p.day), n(p.hour), n(p.minute), n(p.second)));
}
