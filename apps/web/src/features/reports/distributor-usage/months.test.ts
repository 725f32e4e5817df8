import { describe, expect, it } from 'vitest';
import { addMonths, currentMonth, monthLabel, reportMonths } from './months';

describe('report months', () => {
  // 2026-11-30 12:00 UTC is already 1 December in Auckland (UTC+13).
  const now = new Date('2026-11-30T12:00:00Z');

  it('counts this month in Pacific/Auckland', () => {
    expect(currentMonth(now)).toBe('2026-12');
    expect(currentMonth(new Date('2026-11-30T10:00:00Z'))).toBe('2026-11');
  });

  it('offers distributors the last 12 months, newest first', () => {
    const months = reportMonths(false, now);
    expect(months).toHaveLength(12);
    expect([months[0], months[11]]).toEqual(['2026-12', '2026-01']);
  });

  it('offers admins every month from 2017-01', () => {
    const months = reportMonths(true, now);
    expect(months[0]).toBe('2026-12');
    expect(months.at(-1)).toBe('2017-01');
    expect(months).toHaveLength(10 * 12);
  });

  it('steps across years and names months', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(monthLabel('2026-11')).toBe('November 2026');
  });
});
