import type { TwoFactorMethod } from '@portal/contract/shared/security';
import type { enableTotp as enableTotpCall, enableWebauthn as enableWebauthnCall } from '@portal/contract/security/two-factor';
import type { CallData } from '@portal/contract/shared/define-call';
import { requireRecentAuth } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import * as notifications from '../notifications/service.ts';
import * as users from '../users/service.ts';
import * as q from './queries.ts';
import { sealTotpSecret, totpStep } from './totp.ts';
import { REGISTRATION_MINUTES, registrationOptions, verifyRegistration } from './webauthn.ts';

const TWO_FACTOR_MESSAGES = {
  wrongCode: 'The code is not correct',
  webauthnFailed: 'Failed to register WebAuthn device',
} as const;

export interface TwoFactorStatus {
  method: TwoFactorMethod;
  enabled_at: string | null;
  webauthn_devices: { id: string; name: string; created_at: string }[];
}

/**
 * One method at a time: turning on TOTP forgets every security key, and registering a security key
 * forgets TOTP, so the login flow never has to choose between them.
 */
export async function twoFactorMethod(db: Database, userId: number): Promise<TwoFactorMethod> {
  if (await q.findTotp(db, userId)) return 'totp';
  return (await q.listCredentials(db, userId)).length ? 'webauthn' : 'none';
}

export async function status(ctx: CallContext): Promise<TwoFactorStatus> {
  return statusOf(ctx.db, ctx.actor.userId);
}

async function statusOf(db: Database, userId: number): Promise<TwoFactorStatus> {
  const totp = await q.findTotp(db, userId);
  const devices = await q.listCredentials(db, userId);
  const first = devices[0];
  return {
    method: totp ? 'totp' : first ? 'webauthn' : 'none',
    enabled_at: (totp?.enabled_at ?? first?.created_at)?.toISOString() ?? null,
    webauthn_devices: devices.map((d) => ({ id: d.id, name: d.name, created_at: d.created_at.toISOString() })),
  };
}

async function selfUser(ctx: CallContext) {
  const user = await users.findUser(ctx, { userId: ctx.actor.userId });
  if (!user || user.deleted_at) throw notFound();
  return user;
}

async function record(ctx: CallContext, user: users.UserRow, event: string, mail: string) {
  await ctx.audit(user.company_id, event);
  await notifications.sendTwoFactorChangedMail(ctx, { user, change: mail });
}

export async function enableTotp(ctx: CallContext, input: CallData<typeof enableTotpCall>): Promise<TwoFactorStatus> {
  const user = await selfUser(ctx);
  const now = ctx.clock.now();
  const step = await totpStep(input.totp_secret, input.totp_verify_code, now);
  if (step === null) throw badInput({ totp_verify_code: TWO_FACTOR_MESSAGES.wrongCode });
  // The code that proved the secret counts as used: it cannot sign in a moment later.
  const secret = sealTotpSecret(ctx.config, user.id, input.totp_secret);
  await q.saveTotp(ctx.db, { user_id: user.id, secret, enabled_at: now, last_used_step: step });
  const removed = await q.deleteCredentials(ctx.db, user.id);
  await record(
    ctx,
    user,
    removed
      ? `Turned on two-factor with an authenticator app, replacing ${removed} security key(s)`
      : 'Turned on two-factor with an authenticator app',
    'Two-factor sign-in was turned on with an authenticator app',
  );
  return statusOf(ctx.db, user.id);
}

export async function requestWebauthnChallenge(ctx: CallContext): Promise<Record<string, unknown>> {
  const user = await selfUser(ctx);
  const options = await registrationOptions(ctx.config, user, await q.listCredentials(ctx.db, user.id));
  const expires = new Date(ctx.clock.now().getTime() + REGISTRATION_MINUTES * 60_000);
  await q.saveRegistrationChallenge(ctx.db, user.id, options.challenge, expires);
  return options as unknown as Record<string, unknown>;
}

export async function enableWebauthn(ctx: CallContext, input: CallData<typeof enableWebauthnCall>): Promise<TwoFactorStatus> {
  const user = await selfUser(ctx);
  const now = ctx.clock.now();
  const failed = badInput({ webauthn_challenge_response: TWO_FACTOR_MESSAGES.webauthnFailed }, TWO_FACTOR_MESSAGES.webauthnFailed);
  const challenge = await q.takeRegistrationChallenge(ctx.db, user.id, now);
  if (!challenge) throw failed;
  const credential = await verifyRegistration(ctx.config, challenge, input.webauthn_challenge_response);
  // A credential id belongs to one account; registering it twice is refused like any other bad answer.
  if (!credential || (await q.findCredential(ctx.db, credential.id))) throw failed;
  const name = input.device_name || 'Security key';
  await q.insertCredential(ctx.db, {
    id: credential.id,
    user_id: user.id,
    public_key: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports.join(','),
    name,
    created_at: now,
  });
  const hadTotp = (await q.deleteTotp(ctx.db, user.id)) > 0;
  await record(
    ctx,
    user,
    hadTotp
      ? `Added security key "${name}" for two-factor, replacing the authenticator app`
      : `Added security key "${name}" for two-factor`,
    `The security key "${name}" was added for two-factor sign-in`,
  );
  return statusOf(ctx.db, user.id);
}

export async function disableTwoFactor(ctx: CallContext): Promise<TwoFactorStatus> {
  requireRecentAuth(ctx.actor, ctx.clock.now());
  const user = await selfUser(ctx);
  const hadTotp = (await q.deleteTotp(ctx.db, user.id)) > 0;
  const keys = await q.deleteCredentials(ctx.db, user.id);
  if (hadTotp || keys) {
    await record(ctx, user, 'Turned off two-factor', 'Two-factor sign-in was turned off');
  }
  return statusOf(ctx.db, user.id);
}
