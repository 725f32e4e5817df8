import { TV_MESSAGES } from '@portal/contract/reports/tv';
import type { PublicContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { countHit } from '../../../platform/rate-limit-store.ts';
import { sameSecret } from '../../../platform/session.ts';

/**
 * Attempts one address may make in a window: the wall asks every 5 minutes (3 a window), so a few walls behind
 * one address and some reloads fit, while guessing is held to a couple of thousand tries a day.
 */
export const TV_ATTEMPTS = { max: 30, windowMs: 15 * 60_000 } as const;

/**
 * Runs before the call's transaction, so the count is committed whatever the answer: every attempt counts
 * against the caller's address (a right one too: otherwise a guesser learns the password from which answer
 * is not a 429), then the wall's username and password are checked. Unconfigured (production without
 * REPORTS_TV_USERNAME and REPORTS_TV_PASSWORD), the wall is off and no pair is right.
 */
export async function checkTvCredentials(ctx: PublicContext, input: { username: string; password: string }): Promise<void> {
  const { hits } = await countHit(ctx.db, `tv:${ctx.ip}`, TV_ATTEMPTS.windowMs);
  if (hits > TV_ATTEMPTS.max) throw new AppError(429, TV_MESSAGES.tooMany);
  const { REPORTS_TV_USERNAME: username, REPORTS_TV_PASSWORD: password } = ctx.config;
  const configured = username !== '' && password !== '';
  // Both are compared whatever the first answers, so the time taken says nothing about which was wrong.
  const userRight = sameSecret(input.username, username);
  const passwordRight = sameSecret(input.password, password);
  if (!configured || !userRight || !passwordRight) throw new AppError(401, TV_MESSAGES.invalid);
}
