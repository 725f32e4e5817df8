import { describe, expect, it } from 'vitest';
import { createBucketFailure, estimatedCostCents, formatBytes, plainFailure, rotateKeysFailure } from './storage';

describe('estimatedCostCents', () => {
  it('charges at least 1 TB: $6.99 a month, a thirtieth of it a day', () => {
    expect(estimatedCostCents(0)).toEqual({ perDay: 699 / 30, perMonth: 699 });
    expect(estimatedCostCents(5e11).perMonth).toBe(699);
  });
  it('scales above 1 TB, and the month is 30 days', () => {
    const { perDay, perMonth } = estimatedCostCents(3e12);
    expect(perDay).toBeCloseTo(69.9);
    expect(perMonth).toBeCloseTo(30 * perDay);
  });
});

describe('formatBytes', () => {
  it('uses decimal units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1500)).toBe('1.50 KB');
    expect(formatBytes(2.5e12)).toBe('2.50 TB');
  });
});

describe('failure texts', () => {
  it('put the spec’s sentence before the server’s message', () => {
    expect(createBucketFailure('No room')).toBe('Error: Failed to create Wasabi bucket. Please contact support. No room');
    expect(rotateKeysFailure('Down')).toBe('Failed to refresh root access keys! Please contact support. Down');
    expect(plainFailure('')).toBe('Unknown Error');
  });
});
