import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as q from './queries.ts';

/**
 * Sign-in throttling. Failures are counted per account and per address within a one-hour window.
 * An account is slowed after FREE_FAILURES (each further try must wait twice as long as the last,
 * up to a minute) and refused for BLOCK_MINUTES after BLOCK_AFTER failures. The reset-password path
 * never consults these counters, and a reset clears the account's, so the owner is never locked out.
 */
export const THROTTLE = {
  windowMinutes: 60,
  freeFailures: 5,
  maxDelaySeconds: 60,
  accountBlockAfter: 20,
  addressBlockAfter: 100,
  blockMinutes: 15,
} as const;

export const THROTTLE_MESSAGES = {
  slowDown: (seconds: number) => `Too many failed sign-in attempts. Please wait ${seconds} seconds and try again.`,
  blocked: 'Too many failed sign-in attempts. Please try again later, or reset your password.',
} as const;

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `address:${ip}`;

type Row = q.ThrottleRow;

function waitSeconds(row: Row, now: Date): number {
  if (row.blocked_until && row.blocked_until > now) return Math.ceil((row.blocked_until.getTime() - now.getTime()) / 1000);
  if (row.key.startsWith('account:') && row.failures >= THROTTLE.freeFailures) {
    const delay = Math.min(2 ** (row.failures - THROTTLE.freeFailures), THROTTLE.maxDelaySeconds);
    const readyAt = row.last_failure_at.getTime() + delay * 1000;
    if (readyAt > now.getTime()) return Math.ceil((readyAt - now.getTime()) / 1000);
  }
  return 0;
}

/** Refuses with 429 while any of the keys must wait. */
export async function checkThrottle(db: Database, keys: string[], now: Date): Promise<void> {
  const rows = await q.findThrottles(db, keys);
  for (const row of rows) {
    if (now.getTime() - row.window_started_at.getTime() > THROTTLE.windowMinutes * 60_000 && !row.blocked_until) continue;
    const wait = waitSeconds(row, now);
    if (wait <= 0) continue;
    const blocked = row.blocked_until !== null && row.blocked_until > now;
    throw new AppError(429, blocked ? THROTTLE_MESSAGES.blocked : THROTTLE_MESSAGES.slowDown(wait), undefined, {
      retry_after_seconds: wait,
    });
  }
}

/** Counts one failure against each key, starting a new window when the old one has passed. */
export async function recordFailure(db: Database, keys: string[], now: Date): Promise<void> {
  for (const key of keys) {
    const row = await q.findThrottle(db, key);
    const expired =
      !row ||
      (now.getTime() - row.window_started_at.getTime() > THROTTLE.windowMinutes * 60_000 &&
        !(row.blocked_until && row.blocked_until > now));
    const failures = expired ? 1 : row.failures + 1;
    const blockAfter = key.startsWith('account:') ? THROTTLE.accountBlockAfter : THROTTLE.addressBlockAfter;
    const values = {
      failures,
      window_started_at: expired ? now : row.window_started_at,
      last_failure_at: now,
      blocked_until: failures >= blockAfter ? new Date(now.getTime() + THROTTLE.blockMinutes * 60_000) : null,
    };
    await q.saveThrottle(db, { key, ...values });
  }
}

export async function clearThrottle(db: Database, key: string): Promise<void> {
  await q.deleteThrottle(db, key);
}
