import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatCents } from './money';

describe('formatCents', () => {
  it('formats dollars with grouping and two decimals', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(100000000)).toBe('$1,000,000.00');
  });

  it('puts the minus sign before the dollar sign, and groups a negative amount too', () => {
    expect(formatCents(-500)).toBe('-$5.00');
    expect(formatCents(-1)).toBe('-$0.01');
    expect(formatCents(-123456789)).toBe('-$1,234,567.89');
  });

  it('is US dollars with a comma every three digits, never exponent notation, up to the largest safe amount', () => {
    expect(formatCents(99999)).toBe('$999.99');
    expect(formatCents(100000)).toBe('$1,000.00');
    expect(formatCents(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
  });

  it('refuses what is not a whole number of cents', () => {
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => formatCents(bad), String(bad)).toThrow(RangeError);
    }
  });
});

describe('dollarsToCents', () => {
  it('converts typed dollars exactly', () => {
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('1,234.5')).toBe(123450);
    expect(dollarsToCents(' $7 ')).toBe(700);
    expect(dollarsToCents('.5')).toBe(50);
    expect(dollarsToCents('-5')).toBe(-500);
  });

  it('avoids floating point error on numbers', () => {
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(4.35)).toBe(435);
    expect(dollarsToCents(1e-7)).toBe(0);
  });

  it('rounds half a cent away from zero', () => {
    expect(dollarsToCents('0.995')).toBe(100);
    expect(dollarsToCents('0.994')).toBe(99);
    expect(dollarsToCents('-0.005')).toBe(-1);
  });

  it('rejects text that is not an amount', () => {
    for (const bad of ['', 'abc', '1.2.3', '$', '-', '1e5']) {
      expect(() => dollarsToCents(bad), bad).toThrow(RangeError);
    }
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
  });
});
