import { requireRecentAuth } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import * as auth from '../auth/service.ts';
import * as notifications from '../notifications/service.ts';
import * as users from '../users/service.ts';
import { requireUser } from './sign-in.ts';

export const ACCOUNT_MESSAGES = {
  alreadyVerified: 'Your email address is already verified',
} as const;

/**
 * The signed-in user sets a new password; their other sessions end, this one stays and counts as a fresh
 * check. It needs a recent check first (the page asks for the password or a code and retries), so a
 * stolen session cannot lock the owner out.
 */
export async function changePassword(ctx: CallContext, input: { new_password: string }): Promise<null> {
  requireRecentAuth(ctx.actor, ctx.clock.now());
  const user = await requireUser(ctx);
  await users.setPassword(ctx, { userId: user.id, password: input.new_password, field: 'new_password' });
  const ended = await auth.endSessions(ctx, { userId: user.id, exceptSessionId: ctx.actor.sessionId });
  await auth.markAuthenticated(ctx, { sessionId: ctx.actor.sessionId });
  await ctx.audit(user.company_id, `Changed password; ${ended} other session${ended === 1 ? '' : 's'} signed out`);
  return null;
}

export async function resendVerificationEmail(ctx: CallContext): Promise<null> {
  const user = await requireUser(ctx);
  if (user.email_verified_at) throw new AppError(400, ACCOUNT_MESSAGES.alreadyVerified);
  await notifications.sendVerificationMail(ctx, user);
  await ctx.audit(user.company_id, `Verification mail sent to ${user.email}`);
  return null;
}
