import type { CallData } from '@portal/contract/shared/define-call';
import type { reauthenticate, revokeSession } from '@portal/contract/auth/sessions';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Actor } from '../../platform/access.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import type { CallContext } from '../../platform/handle.ts';
import { deleteUserSessions, markAuthenticated } from '../../platform/session.ts';
import { sessions } from '../../platform/tables.ts';
import * as companies from '../companies/service.ts';
import * as security from '../security/service.ts';
import * as users from '../users/service.ts';
import { accountKey, addressKey, checkThrottle, recordFailure } from './throttle.ts';

export async function listSessions(ctx: CallContext, actor: Actor) {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.user_id, actor.userId), gt(sessions.expires_at, ctx.clock.now())))
    .orderBy(desc(sessions.last_seen_at));
  return rows.map((s) => ({
    id: s.public_id,
    ip: s.ip,
    user_agent: s.user_agent,
    created_at: s.created_at.toISOString(),
    last_seen_at: s.last_seen_at.toISOString(),
    is_current: s.id === actor.sessionId,
  }));
}

export async function revoke(ctx: CallContext, actor: Actor, input: CallData<typeof revokeSession>) {
  const user = await users.findUser(ctx.db, actor.userId);
  if (!user) throw new AppError(401, 'Not logged in');
  let revoked: number;
  if (input.all_other) {
    revoked = await deleteUserSessions(ctx.db, actor.userId, actor.sessionId);
  } else if (input.target_session_id) {
    const [target] = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.public_id, input.target_session_id), eq(sessions.user_id, actor.userId)));
    if (!target) throw badInput({ target_session_id: 'That session has already ended' });
    if (target.id === actor.sessionId) throw badInput({ target_session_id: 'Use Sign out to end this session' });
    await ctx.db.delete(sessions).where(eq(sessions.id, target.id));
    revoked = 1;
  } else {
    throw badInput({ target_session_id: 'Choose a session, or all other sessions' });
  }
  const what = input.all_other ? `Signed out ${revoked} other session(s)` : 'Signed out another session';
  await companies.addEvent(ctx.db, ctx.clock, actor.companyId, users.userLabel(user), what);
  return { revoked };
}

/** Proves again who the user is, for the risky actions that ask for a recent check. */
export async function reauth(ctx: CallContext, actor: Actor, input: CallData<typeof reauthenticate>) {
  const user = await users.findUser(ctx.db, actor.userId);
  if (!user) throw new AppError(401, 'Not logged in');
  const now = ctx.clock.now();
  const keys = [addressKey(ctx.req.ip), accountKey(user.email)];
  await checkThrottle(ctx.db, keys, now);
  let ok: boolean;
  if (input.target_password) ok = await users.checkPassword(user, input.target_password);
  else if (input.target_totp_code) ok = await security.verifyTotpForLogin(ctx.db, ctx.clock, user.id, input.target_totp_code);
  else throw badInput({ target_password: 'Please enter a password' });
  if (!ok) {
    ctx.afterCall(async (pool) => {
      await recordFailure(pool, keys, now);
      await companies.addEvent(pool, ctx.clock, user.company_id, users.userLabel(user), 'Identity check failed');
    });
    const field = input.target_password ? 'target_password' : 'target_totp_code';
    throw new AppError(401, input.target_password ? 'The password is not correct' : 'The code is not correct', {
      [field]: input.target_password ? 'The password is not correct' : 'The code is not correct',
    });
  }
  await markAuthenticated(ctx.db, actor.sessionId, now);
  await companies.addEvent(ctx.db, ctx.clock, user.company_id, users.userLabel(user), 'Identity confirmed for a sensitive change');
  return { reauthenticated_at: now.toISOString() };
}
