import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { CallContext, PublicContext } from '../../platform/context.ts';
import { isSealed } from '../../platform/sealed.ts';
import type * as users from '../users/service.ts';
import * as passphrase from './passphrase.ts';
import * as q from './queries.ts';
import { openTotpSecret, sealTotpSecret, totpStep } from './totp.ts';
import * as twoFactor from './two-factor.ts';
import { assertionCredentialId, authenticationOptions, verifyAssertion } from './webauthn.ts';

/** The second step of a recovery-passphrase sign-in: true uses the passphrase up (and mails the user). */
export const useRecoveryPassphrase = (ctx: PublicContext, input: { user: users.UserRow; passphrase: string }) =>
  passphrase.useRecoveryPassphrase(ctx, input.user, input.passphrase);

/** How the user signs in a second time: 'totp', 'webauthn' or 'none'. */
export const twoFactorMethod = (ctx: Pick<CallContext, 'db'>, input: { userId: number }) => twoFactor.twoFactorMethod(ctx.db, input.userId);

/**
 * The second step of a TOTP sign-in. A code is good once: its time step must be later than the
 * last one used, and it is recorded, so a code seen over a shoulder cannot be replayed.
 */
export async function verifyTotpForLogin(
  ctx: Pick<CallContext, 'db' | 'config' | 'clock'>,
  input: { userId: number; code: string },
): Promise<boolean> {
  const { db, config } = ctx;
  const { userId, code } = input;
  const now = ctx.clock.now();
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
  ctx: Pick<CallContext, 'db' | 'config'>,
  input: { userId: number },
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; challenge: string }> {
  const options = await authenticationOptions(ctx.config, await q.listCredentials(ctx.db, input.userId));
  return { options, challenge: options.challenge };
}

/**
 * The second step of a WebAuthn sign-in. The credential must be one of the user's, the signature
 * good for the challenge, and the counter higher than last time (a cloned key shows up as a
 * counter that went back). Bad input of any kind is a plain false.
 */
export async function verifyWebauthnForLogin(
  ctx: PublicContext,
  input: { userId: number; expectedChallenge: string; responseJson: string },
): Promise<boolean> {
  const { userId, expectedChallenge, responseJson } = input;
  const parsed = assertionCredentialId(responseJson);
  if (!parsed) return false;
  const credential = await q.findCredential(ctx.db, parsed.id);
  if (!credential || credential.user_id !== userId) return false;
  const counter = await verifyAssertion(ctx.config, expectedChallenge, parsed.response, credential);
  if (counter === null) return false;
  return q.recordCredentialUse(ctx.db, credential.id, counter, ctx.clock.now(), credential.counter);
}
