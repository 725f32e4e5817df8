import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as q from './queries.ts';

/**
 * Sign-in throttling. Failures are counted per account and per address within a one-hour window.
 * An account is slowed after FREE_FAILURES (each further try must wait twice as long as the last,
 * up to a minute) and refused for BLOCK_MINUTES after BLOCK_AFTER failures. Every attempt is counted
 * before its secret is checked (countAttempt), so parallel guesses cannot slip past. The reset-password path
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
/** The keys an attempt to prove who the account's user is counts against: the caller's address and the account. */
export const signInKeys = (ip: string, email: string) => [addressKey(ip), accountKey(email)];

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

const ruleFor = (key: string): q.ThrottleRule => {
  const account = key.startsWith('account:');
  return {
    windowMs: THROTTLE.windowMinutes * 60_000,
    slowAfter: account ? THROTTLE.freeFailures : null,
    maxDelaySeconds: THROTTLE.maxDelaySeconds,
    blockAfter: account ? THROTTLE.accountBlockAfter : THROTTLE.addressBlockAfter,
    blockMs: THROTTLE.blockMinutes * 60_000,
  };
};

/**
 * Counts a sign-in attempt against each key before its secret is checked, and refuses it with 429
 * (counting nothing) while a key must wait. Each count is one statement committed at once, so guesses
 * sent in parallel are decided on each other's counts. A right secret takes its count back
 * (attemptSucceeded); a wrong one leaves it as a failure.
 */
export async function countAttempt(db: Database, keys: string[], now: Date): Promise<void> {
  const counted: string[] = [];
  for (const key of keys) {
    if (await q.countAttempt(db, key, now, ruleFor(key))) {
      counted.push(key);
      continue;
    }
    for (const done of counted) await q.uncountAttempt(db, done);
    const row = await q.findThrottle(db, key);
    // A parallel attempt may have moved the row since; the caller still waits at least a second.
    const wait = Math.max(row ? waitSeconds(row, now) : 0, 1);
    const blocked = !!row?.blocked_until && row.blocked_until > now;
    throw new AppError(429, blocked ? THROTTLE_MESSAGES.blocked : THROTTLE_MESSAGES.slowDown(wait), undefined, {
      retry_after_seconds: wait,
    });
  }
}

/** A first factor was right but a second is still asked for: the attempt was no failure, the earlier ones stay. */
export async function takeBackAttempt(db: Database, keys: string[]): Promise<void> {
  for (const key of keys) await q.uncountAttempt(db, key);
}

/** The sign-in or re-check succeeded: the account's failures are forgotten, and the address's attempt was no failure. */
export async function attemptSucceeded(db: Database, keys: string[]): Promise<void> {
  for (const key of keys) {
    if (key.startsWith('account:')) await q.deleteThrottle(db, key);
    else await q.uncountAttempt(db, key);
  }
}

export async function clearThrottle(db: Database, key: string): Promise<void> {
  await q.deleteThrottle(db, key);
}
