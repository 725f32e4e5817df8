import { userLabel } from '@portal/contract/shared/user-label';
import { checkPasswordHash } from '../../platform/password-hash.ts';
import { isClosed, willDeleteAt } from '@portal/contract/shared/company-states';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import type { LoginResultType, zLoginInput } from '@portal/contract/auth/login';
import { MESSAGES } from '@portal/contract/shared/envelope';
import type { z } from 'zod';
import type { PublicContext } from '../../platform/context.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import * as notifications from '../notifications/service.ts';
import * as security from '../security/service.ts';
import * as tenancy from '../tenancy/service.ts';
import * as users from '../users/service.ts';
import { countPendingFailure, endPendingLogin, findPendingLogin, startPendingLogin } from './pending-login.ts';
import { authContextFor, startSession } from './session-start.ts';
import { ssoRedirectFor } from './sso.ts';
import { addressKey, attemptSucceeded, countAttempt, signInKeys, takeBackAttempt } from './throttle.ts';

type LoginInput = z.output<typeof zLoginInput>;
export interface LoginResult {
  type: LoginResultType;
  auth_context: AuthContext | null;
  will_delete_at: number | null;
  webauthn_challenge: Record<string, unknown> | null;
  redirect_url: string | null;
  recovery_passphrase_used?: true;
}

export const LOGIN_MESSAGES = {
  invalidPassphrase: 'Invalid email or recovery passphrase',
  invalidLink: 'This sign-in link is invalid or has expired',
  wrongCode: 'The code is not correct',
  webauthnFailed: 'Failed to authenticate with WebAuthn device',
  pendingExpired: 'Your sign-in has expired. Please start again.',
  deleted: 'This account has been deleted',
  useSso: "This account signs in through your organisation's single sign-on",
} as const;

const FACTOR_LABELS = {
  password: 'password',
  recovery_passphrase: 'recovery passphrase',
  email_token: 'email link',
  totp: 'authenticator code',
  webauthn: 'security key',
} as const;

const answer = (type: LoginResultType, extra: Partial<LoginResult> = {}): LoginResult => ({
  type,
  auth_context: null,
  will_delete_at: null,
  webauthn_challenge: null,
  redirect_url: null,
  ...extra,
});

export async function login(ctx: PublicContext, input: LoginInput): Promise<LoginResult> {
  switch (input.target_type) {
    case 'email':
      return emailStep(ctx, requireUser(input));
    case 'password':
    case 'recovery_passphrase':
    case 'email_token':
      return firstFactor(ctx, input);
    case 'totp':
    case 'webauthn':
      return secondFactor(ctx, input);
  }
}

function requireUser(input: LoginInput): string {
  if (!input.target_user) throw badInput({ target_user: 'Please enter a valid email address' });
  return input.target_user;
}

/** Answers the same for known and unknown addresses; only a domain with single sign-on answers differently. */
async function emailStep(ctx: PublicContext, email: string): Promise<LoginResult> {
  const redirect = await ssoRedirectFor(ctx, email);
  return redirect ? answer('external_sso_required', { redirect_url: redirect }) : answer('password_required');
}

/**
 * Runs before the call's transaction (`before` in routes.ts): counts a sign-in attempt that carries a
 * secret against its address and account, or refuses it while they must wait. The attempt stays counted
 * as a failure unless the secret proves right.
 */
export async function countLoginAttempt(ctx: PublicContext, input: LoginInput): Promise<void> {
  const keys = await attemptKeys(ctx, input);
  if (keys) await countAttempt(ctx.db, keys, ctx.clock.now());
}

/** The throttle keys of an attempt, or null when it carries no secret to check (it is refused as bad input). */
async function attemptKeys(ctx: PublicContext, input: LoginInput): Promise<string[] | null> {
  switch (input.target_type) {
    case 'email':
      return null;
    case 'password':
    case 'recovery_passphrase': {
      const secret = input.target_type === 'password' ? input.target_password : input.target_recovery_passphrase;
      return secret && input.target_user ? signInKeys(ctx.ip, input.target_user) : null;
    }
    case 'email_token':
      return input.target_email_token ? [addressKey(ctx.ip)] : null;
    case 'totp':
    case 'webauthn': {
      const pending = await findPendingLogin(ctx);
      const user = pending ? await users.findUser(ctx, { userId: pending.user_id }) : null;
      return user ? signInKeys(ctx.ip, user.email) : null;
    }
  }
}

/** Writes the refusal's event after the call's transaction has rolled back (the attempt was counted before it). */
function refuse(ctx: PublicContext, user: users.UserRow | null, what: string, error: AppError): never {
  ctx.afterCall(async (after) => {
    if (user) await after.audit(user.company_id, `Sign-in refused (${what}) from ${ctx.ip}`, userLabel(user));
  });
  throw error;
}

async function firstFactor(ctx: PublicContext, input: LoginInput): Promise<LoginResult> {
  let user: users.UserRow | null = null;
  if (input.target_type === 'email_token') {
    if (!input.target_email_token) throw badInput({ target_email_token: LOGIN_MESSAGES.invalidLink });
    const userId = await notifications.consumeEmailToken(ctx, { token: input.target_email_token, purpose: 'verify_email' });
    user = userId === null ? null : await users.findUser(ctx, { userId });
    if (!user || user.deleted_at) refuse(ctx, null, 'email link', new AppError(401, LOGIN_MESSAGES.invalidLink));
  } else {
    const email = requireUser(input);
    user = await users.findActiveUserByEmail(ctx, { email });
    if (input.target_type === 'password') {
      if (!input.target_password) throw badInput({ target_password: 'Please enter a password' });
      const ok = await checkPasswordHash(user?.password_hash ?? null, input.target_password);
      if (!user || !ok) refuse(ctx, user, 'wrong password', new AppError(401, MESSAGES.invalidCredentials));
      if (await ssoRedirectFor(ctx, email, { probeOnly: true })) throw new AppError(403, LOGIN_MESSAGES.useSso);
    } else {
      const phrase = input.target_recovery_passphrase;
      if (!phrase) throw badInput({ target_recovery_passphrase: 'Please enter your recovery passphrase' });
      // Unknown accounts cost one hash check too, so the answer time does not tell them apart.
      const ok = user ? await security.useRecoveryPassphrase(ctx, { user, passphrase: phrase }) : await checkPasswordHash(null, phrase);
      if (!user || !ok) refuse(ctx, user, 'wrong recovery passphrase', new AppError(401, LOGIN_MESSAGES.invalidPassphrase));
    }
  }

  const keys = signInKeys(ctx.ip, user.email);
  // The recovery passphrase stands in for a lost second factor, so it finishes the sign-in by itself.
  const method = input.target_type === 'recovery_passphrase' ? 'none' : await security.twoFactorMethod(ctx, { userId: user.id });
  // Until the second factor is given, the account's earlier failures stay: knowing the password must
  // not reset the count of guessed codes.
  await (method === 'none' ? attemptSucceeded : takeBackAttempt)(ctx.db, keys);
  if (method === 'totp') {
    await startPendingLogin(ctx, user.id, input.target_type, null);
    return answer('totp_required');
  }
  if (method === 'webauthn') {
    const { options, challenge } = await security.webauthnLoginOptions(ctx, { userId: user.id });
    await startPendingLogin(ctx, user.id, input.target_type, challenge);
    return answer('webauthn_required', { webauthn_challenge: options as unknown as Record<string, unknown> });
  }
  const result = await complete(ctx, user, input.target_type, input.target_browser_timezone);
  // The passphrase is used up: the page sends the user to make a new one.
  return input.target_type === 'recovery_passphrase' ? { ...result, recovery_passphrase_used: true } : result;
}

async function secondFactor(ctx: PublicContext, input: LoginInput): Promise<LoginResult> {
  const pending = await findPendingLogin(ctx);
  const user = pending ? await users.findUser(ctx, { userId: pending.user_id }) : null;
  const sameUser = !input.target_user || input.target_user.trim().toLowerCase() === user?.email.toLowerCase();
  if (!pending || !user || user.deleted_at || !sameUser) throw new AppError(401, LOGIN_MESSAGES.pendingExpired);

  let ok: boolean;
  if (input.target_type === 'totp') {
    if (!input.target_totp_code) throw badInput({ target_totp_code: 'Please enter a 6-digit code' });
    ok = await security.verifyTotpForLogin(ctx, { userId: user.id, code: input.target_totp_code });
  } else {
    if (!input.target_webauthn_response || !pending.webauthn_challenge) throw new AppError(401, LOGIN_MESSAGES.webauthnFailed);
    ok = await security.verifyWebauthnForLogin(ctx, {
      userId: user.id,
      expectedChallenge: pending.webauthn_challenge,
      responseJson: input.target_webauthn_response,
    });
  }
  if (!ok) {
    ctx.afterCall((after) => countPendingFailure(after, pending));
    const totp = input.target_type === 'totp';
    const message = totp ? LOGIN_MESSAGES.wrongCode : LOGIN_MESSAGES.webauthnFailed;
    refuse(ctx, user, `wrong ${FACTOR_LABELS[totp ? 'totp' : 'webauthn']}`, new AppError(401, message));
  }
  await endPendingLogin(ctx, pending.id);
  await attemptSucceeded(ctx.db, signInKeys(ctx.ip, user.email));
  return complete(ctx, user, `${pending.first_factor} and ${input.target_type}`, input.target_browser_timezone);
}

/** Opens the session once every factor the account needs has been given. */
export async function complete(
  ctx: PublicContext,
  user: users.UserRow,
  how: string,
  browserTimezone: string | undefined,
): Promise<LoginResult> {
  const company = await tenancy.findCompany(ctx, { companyId: user.company_id });
  if (!company || isClosed(company)) {
    throw new AppError(403, LOGIN_MESSAGES.deleted);
  }
  const now = ctx.clock.now();
  await users.recordLogin(ctx, { userId: user.id, at: now, browserTimezone });
  const { actor, knownDevice } = await startSession(ctx, user.id, null);
  const factors = how
    .split(' and ')
    .map((f) => FACTOR_LABELS[f as keyof typeof FACTOR_LABELS] ?? f)
    .join(' and ');
  await ctx.audit(company.id, `Signed in with ${factors} from ${ctx.ip}`);
  if (!knownDevice) await notifications.sendNewSignInMail(ctx, user);
  const auth_context = await authContextFor(ctx.db, actor, company, user);
  if (company.current_state === 'PENDING_DELETE') {
    return answer('reactivate_account', { auth_context, will_delete_at: willDeleteAt(company) });
  }
  return answer('ok', { auth_context });
}
