import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { Config } from '../../config.ts';
import type { PublicContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { isSealed } from '../../platform/sealed.ts';
import * as q from './queries.ts';
import { openTotpSecret, sealTotpSecret, totpStep } from './totp.ts';
import { assertionCredentialId, authenticationOptions, verifyAssertion } from './webauthn.ts';

export { useRecoveryPassphrase } from './passphrase.ts';
export { twoFactorMethod } from './two-factor.ts';

/**
 * The second step of a TOTP sign-in. A code is good once: its time step must be later than the
 * last one used, and it is recorded, so a code seen over a shoulder cannot be replayed.
 */
export async function verifyTotpForLogin(db: Database, config: Config, now: Date, userId: number, code: string): Promise<boolean> {
  const totp = await q.findTotp(db, userId);
  if (!totp) return false;
  const secret = openTotpSecret(config, userId, totp.secret);
  const step = await totpStep(secret, code, now);
  if (step === null || step <= totp.last_used_step) return false;
  if (!(await q.claimTotpStep(db, userId, step))) return false;
  // A seed stored before seeds were sealed is sealed at its first use since: a migration has no key to do it.
  if (!isSealed(totp.secret)) await q.sealStoredTotp(db, userId, totp.secret, sealTotpSecret(config, userId, secret));
  return true;
}

/** The challenge a WebAuthn sign-in answers, limited to the user's own security keys. */
export async function webauthnLoginOptions(
  db: Database,
  config: Config,
  userId: number,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; challenge: string }> {
  const options = await authenticationOptions(config, await q.listCredentials(db, userId));
  return { options, challenge: options.challenge };
}

/**
 * The second step of a WebAuthn sign-in. The credential must be one of the user's, the signature
 * good for the challenge, and the counter higher than last time (a cloned key shows up as a
 * counter that went back). Bad input of any kind is a plain false.
 */
export async function verifyWebauthnForLogin(
  ctx: PublicContext,
  userId: number,
  expectedChallenge: string,
  responseJson: string,
): Promise<boolean> {
  const parsed = assertionCredentialId(responseJson);
  if (!parsed) return false;
  const credential = await q.findCredential(ctx.db, parsed.id);
  if (!credential || credential.user_id !== userId) return false;
  const counter = await verifyAssertion(ctx.config, expectedChallenge, parsed.response, credential);
  if (counter === null) return false;
  return q.recordCredentialUse(ctx.db, credential.id, counter, ctx.clock.now(), credential.counter);
}
