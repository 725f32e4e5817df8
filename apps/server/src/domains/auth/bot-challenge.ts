import { createHmac } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { z } from 'zod';
import type { Config } from '../../config.ts';

import type { CallContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import * as q from './queries.ts';

/** A challenge must be solved and sent within this time. */
export const BOT_CHALLENGE_MINUTES = 10;

/** The signing key, derived so that APP_SECRET itself signs nothing a visitor sees. */
const hmacKey = (config: Pick<Config, 'APP_SECRET'>) =>
  createHmac('sha256', config.APP_SECRET).update('altcha bot challenge').digest('hex');

/**
 * A proof-of-work challenge (ALTCHA, v1 format, which the widget solves): the browser must find the
 * number behind a SHA-256 hash. The expiry rides in the signed salt, so the server keeps nothing until
 * a solution comes back.
 */
export async function newBotChallenge(config: Pick<Config, 'APP_SECRET' | 'BOT_CHALLENGE_MAX_NUMBER'>, now: Date) {
  const c = await createChallenge({
    algorithm: 'SHA-256',
    hmacKey: hmacKey(config),
    maxnumber: config.BOT_CHALLENGE_MAX_NUMBER,
    expires: new Date(now.getTime() + BOT_CHALLENGE_MINUTES * 60_000),
  });
  return { algorithm: c.algorithm, challenge: c.challenge, maxnumber: c.maxnumber, salt: c.salt, signature: c.signature };
}

const zPayload = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().max(200),
  number: z.number().int().min(0),
  salt: z.string().max(500),
  signature: z.string().max(200),
});

function decode(payload: string): z.infer<typeof zPayload> | null {
  try {
    const parsed = zPayload.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Scheduled: forgets used solutions whose challenges have expired, so they can no longer be replayed anyway. */
export async function purgeUsedChallenges(ctx: CallContext): Promise<number> {
  return q.deleteExpiredChallenges(ctx.db, ctx.clock.now());
}

/**
 * True when the payload (the widget's base64 JSON) solves a challenge this server signed, the challenge
 * has not expired by the portal's clock, and the solution has not been used before. A used solution is
 * remembered until its challenge expires.
 */
export async function checkBotSolution(db: Database, config: Pick<Config, 'APP_SECRET'>, now: Date, payload: string): Promise<boolean> {
  const solution = decode(payload);
  if (!solution) return false;
  const expires = Number(extractParams(solution).expires);
  if (!Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false;
  // Expiry is checked above against the injected clock, not the library's wall clock.
  const valid = await verifySolution(solution, hmacKey(config), false).catch(() => false);
  if (!valid) return false;
  return q.useBotChallenge(db, solution.signature, new Date(expires * 1000));
}
