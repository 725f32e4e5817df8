import { checkPasswordHash } from '../../platform/password-hash.ts';
import type { reauthenticate, revokeSession } from '@portal/contract/auth/sessions';
import type { CallData } from '@portal/contract/shared/define-call';
import type { CallContext } from '../../platform/context.ts';
import { AppError, badInput, notLoggedIn } from '../../platform/errors.ts';
import * as security from '../security/service.ts';
import * as users from '../users/service.ts';
import * as q from './queries.ts';
import { attemptSucceeded, countAttempt, signInKeys } from './throttle.ts';

export async function listSessions(ctx: CallContext) {
  const rows = await q.listLiveSessions(ctx.db, ctx.actor.userId, ctx.clock.now());
  return rows.map((s) => ({
    id: s.public_id,
    ip: s.ip,
    user_agent: s.user_agent,
    created_at: s.created_at.toISOString(),
    last_seen_at: s.last_seen_at.toISOString(),
    is_current: s.id === ctx.actor.sessionId,
  }));
}

export async function revoke(ctx: CallContext, input: CallData<typeof revokeSession>) {
  const { actor } = ctx;
  let revoked: number;
  if (input.all_other) {
    revoked = await q.deleteUserSessions(ctx.db, actor.userId, actor.sessionId);
  } else if (input.target_session_id) {
    const target = await q.findUserSessionByPublicId(ctx.db, actor.userId, input.target_session_id);
    if (!target) throw badInput({ target_session_id: 'That session has already ended' });
    if (target.id === actor.sessionId) throw badInput({ target_session_id: 'Use Sign out to end this session' });
    await q.deleteSession(ctx.db, target.id);
    revoked = 1;
  } else {
    throw badInput({ target_session_id: 'Choose a session, or all other sessions' });
  }
  await ctx.audit(actor.companyId, input.all_other ? `Signed out ${revoked} other session(s)` : 'Signed out another session');
  return { revoked };
}

/** Runs before the call's transaction: counts a re-check that carries a secret, as a sign-in attempt is (throttle.ts). */
export async function countReauthAttempt(ctx: CallContext, input: CallData<typeof reauthenticate>): Promise<void> {
  if (!input.target_password && !input.target_totp_code) return;
  await countAttempt(ctx.db, signInKeys(ctx.ip, ctx.actor.email), ctx.clock.now());
}

/** Proves again who the user is, for the risky actions that ask for a recent check. */
export async function reauth(ctx: CallContext, input: CallData<typeof reauthenticate>) {
  const user = await users.findUser(ctx, { userId: ctx.actor.userId });
  if (!user) throw notLoggedIn();
  const now = ctx.clock.now();
  let ok: boolean;
  if (input.target_password) ok = await checkPasswordHash(user.password_hash, input.target_password);
  else if (input.target_totp_code) ok = await security.verifyTotpForLogin(ctx, { userId: user.id, code: input.target_totp_code });
  else throw badInput({ target_password: 'Please enter a password' });
  if (!ok) {
    ctx.afterCall((after) => after.audit(user.company_id, 'Identity check failed'));
    const field = input.target_password ? 'target_password' : 'target_totp_code';
    const message = input.target_password ? 'The password is not correct' : 'The code is not correct';
    throw new AppError(401, message, { [field]: message });
  }
  await attemptSucceeded(ctx.db, signInKeys(ctx.ip, ctx.actor.email));
  await q.markAuthenticated(ctx.db, ctx.actor.sessionId, now);
  await ctx.audit(user.company_id, 'Identity confirmed for a sensitive change');
  return { reauthenticated_at: now.toISOString() };
}
