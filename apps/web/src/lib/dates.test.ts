import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, fromUnixSeconds, INVALID_DATE_TIME } from './dates';

describe('formatDateTime', () => {
  it('shows UTC timestamps in Pacific/Auckland summer time (UTC+13)', () => {
    expect(formatDateTime('2024-01-15T00:00:00Z')).toBe('2024-01-15 13:00');
  });

  it('shows UTC timestamps in Pacific/Auckland standard time (UTC+12)', () => {
    expect(formatDateTime('2024-07-15T00:00:00Z')).toBe('2024-07-15 12:00');
  });

  it('follows the end of daylight saving, when 02:30 happens twice', () => {
    // Clocks went back from 03:00 NZDT to 02:00 NZST at 2024-04-06T14:00Z.
    expect(formatDateTime('2024-04-06T13:30:00Z')).toBe('2024-04-07 02:30');
    expect(formatDateTime('2024-04-06T14:30:00Z')).toBe('2024-04-07 02:30');
    // And forward from 02:00 NZST to 03:00 NZDT at 2024-09-28T14:00Z.
    expect(formatDateTime('2024-09-28T13:59:00Z')).toBe('2024-09-29 01:59');
    expect(formatDateTime('2024-09-28T14:00:00Z')).toBe('2024-09-29 03:00');
  });

  it('reads strings without an offset as UTC and accepts Date and milliseconds', () => {
    expect(formatDateTime('2024-07-15 00:00:00')).toBe('2024-07-15 12:00');
    expect(formatDateTime(new Date(Date.UTC(2024, 6, 15)))).toBe('2024-07-15 12:00');
    expect(formatDateTime(Date.UTC(2024, 6, 15))).toBe('2024-07-15 12:00');
    expect(formatDateTime('2024-07-15T12:00:00+12:00')).toBe('2024-07-15 12:00');
    expect(formatDateTime('2024-07-15T00:00:00.999')).toBe('2024-07-15 12:00');
    expect(formatDateTime('2024-07-15')).toBe('2024-07-15 12:00');
    expect(formatDateTime('2024-01-15T10:59:59.5z')).toBe('2024-01-15 23:59');
  });

  it('shows midnight as 00, not 24', () => {
    expect(formatDateTime('2024-07-14T12:00:00Z')).toBe('2024-07-15 00:00');
  });

  it("returns 'Invalid DateTime' for anything that is not a time", () => {
    for (const bad of ['not a date', '', null, undefined, Number.NaN, new Date('x')]) {
      expect(formatDateTime(bad)).toBe(INVALID_DATE_TIME);
    }
    expect(INVALID_DATE_TIME).toBe('Invalid DateTime');
  });
});

describe('formatDate', () => {
  it('uses the Auckland calendar day, which can differ from the UTC day', () => {
    expect(formatDate('2024-01-15T11:30:00Z')).toBe('2024-01-16');
    expect(formatDate('2024-01-15T10:30:00Z')).toBe('2024-01-15');
  });

  it("returns 'Invalid DateTime' on failure", () => {
    expect(formatDate('garbage')).toBe('Invalid DateTime');
    expect(formatDate(null)).toBe('Invalid DateTime');
  });
});

describe('fromUnixSeconds', () => {
  it('turns seconds into a Date', () => {
    expect(fromUnixSeconds(1_700_000_000).toISOString()).toBe('2023-11-14T22:13:20.000Z');
  });
});
