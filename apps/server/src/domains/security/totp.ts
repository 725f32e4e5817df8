import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@portal/contract/shared/security';
import { createGuardrails, verify } from 'otplib';
import type { Config } from '../../config.ts';
import { seal, unseal } from '../../platform/sealed.ts';

type SealingConfig = Pick<Config, 'SEALING_KEY' | 'APP_SECRET'>;

/**
 * A TOTP seed is kept sealed (decision 0067): the server must read it to check a code, so it cannot be hashed,
 * and a database dump must not hand out every user's second factor. Bound to its user's row.
 */
const sealContext = (userId: number) => `user_totp.secret:${userId}`;
export const sealTotpSecret = (config: SealingConfig, userId: number, secret: string) => seal(config, sealContext(userId), secret);
export const openTotpSecret = (config: SealingConfig, userId: number, stored: string) => unseal(config, sealContext(userId), stored);

/**
 * The spec fixes the secret at 16 base32 characters, which is 10 bytes; otplib asks for 16 by
 * default, so its floor is lowered to what the spec (and most authenticator apps) use.
 */
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

/**
 * The time step the code belongs to, or null when it matches none. One step either side of now
 * is accepted, for phones whose clocks drift.
 */
export async function totpStep(secret: string, code: string, now: Date): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      algorithm: 'sha1',
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOTP_PERIOD_SECONDS,
      guardrails,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A malformed secret or code is simply not a match.
    return null;
  }
}
