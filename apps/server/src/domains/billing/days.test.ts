import { DAY_IN_FUTURE_MESSAGE, FROM_AFTER_TO_MESSAGE, isCalendarDay } from '@portal/contract/billing/fields';
import { describe, expect, it } from 'vitest';
import { addDays, checkDayRange, dayOf, isNotFinalized } from './days.ts';

describe('billing days (Pacific/Auckland)', () => {
  it('knows which YYYY-MM-DD strings name a day, as a Date of that day would', () => {
    const viaDate = (s: string) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    };
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    for (const year of [1900, 1999, 2000, 2023, 2024, 2026, 2100, 2400]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const s = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          expect(isCalendarDay(s), s).toBe(viaDate(s));
        }
      }
    }
    for (const s of ['2026-2-01', '2026-02-1', '20260201', '2026-02-01T00:00', ' 2026-02-01']) expect(isCalendarDay(s), s).toBe(false);
  });

  it('names the day in Auckland, which is ahead of UTC', () => {
    // 2026-03-31 12:30 UTC is 2026-04-01 01:30 in Auckland (NZDT, +13).
    expect(dayOf(new Date('2026-03-31T12:30:00Z'))).toBe('2026-04-01');
    expect(dayOf(new Date('2026-03-31T10:30:00Z'))).toBe('2026-03-31');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('flags the current Auckland month as not finalized, even where UTC is still in the last month', () => {
    const now = new Date('2026-03-31T12:30:00Z'); // already April in Auckland
    expect(isNotFinalized('2026-04-01', now)).toBe(true);
    expect(isNotFinalized('2026-03-31', now)).toBe(false);
  });

  it('refuses days after today and a From later than To', () => {
    const now = new Date('2026-03-10T00:00:00Z');
    const error = (range: Record<string, string | null>) => {
      try {
        checkDayRange(range, now);
        return null;
      } catch (e) {
        return (e as { fields?: Record<string, string> }).fields;
      }
    };
    expect(error({ target_from: '2026-03-10', target_to: '2026-03-10' })).toBeNull();
    expect(error({ target_from: '2026-03-11', target_to: null })).toEqual({ target_from: DAY_IN_FUTURE_MESSAGE });
    expect(error({ target_to: '2026-03-11' })).toEqual({ target_to: DAY_IN_FUTURE_MESSAGE });
    expect(error({ target_from: '2026-03-05', target_to: '2026-03-01' })).toEqual({ target_from: FROM_AFTER_TO_MESSAGE });
  });
});
