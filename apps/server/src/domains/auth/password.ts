import { userLabel } from '@portal/contract/shared/user-label';
import { isClosed } from '@portal/contract/shared/company-states';
import { PASSWORD_RESET_TOKEN_MINUTES } from '@portal/contract/shared/security';
import type { PublicContext } from '../../platform/context.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import * as notifications from '../notifications/service.ts';
import * as tenancy from '../tenancy/service.ts';
import * as users from '../users/service.ts';
import { checkBotSolution } from './bot-challenge.ts';
import * as q from './queries.ts';
import { accountKey, clearThrottle } from './throttle.ts';

export const PASSWORD_MESSAGES = {
  botCheck: 'Please complete the bot check',
  invalidResetLink: `This link is invalid or has expired. Reset links expire after ${PASSWORD_RESET_TOKEN_MINUTES} minutes.`,
} as const;

/**
 * Answers the same for every address, so the form cannot be used to find accounts; its time must not
 * tell them apart either, so the answer does no work that depends on the address. The account is looked
 * up, and its link made and mailed, once the call is over (mailResetLink), without holding the answer.
 * The sign-in throttle is not consulted: the owner of an account under attack must always be able to reset.
 */
export async function forgotPassword(ctx: PublicContext, input: { target_user: string; recaptcha: string }): Promise<null> {
  if (!(await checkBotSolution(ctx.db, ctx.config, ctx.clock.now(), input.recaptcha))) {
    throw badInput({ recaptcha: PASSWORD_MESSAGES.botCheck });
  }
  ctx.afterAnswer((after) => mailResetLink(after, input.target_user));
  return null;
}

/** Mails a reset link when the address belongs to a user who can sign in; otherwise does nothing. */
export async function mailResetLink(ctx: PublicContext, email: string): Promise<void> {
  const user = await users.findActiveUserByEmail(ctx, { email });
  const company = user ? await tenancy.findCompany(ctx, { companyId: user.company_id }) : null;
  if (!user || !company || isClosed(company)) return;
  await notifications.sendPasswordResetMail(ctx, user);
  await ctx.audit(company.id, `Password reset link sent to ${user.email}`, `Visitor from ${ctx.ip}`);
}

/** Sets a new password from a reset link: the link is used up, every session of the user ends. */
export async function resetPassword(ctx: PublicContext, input: { email_token: string; new_password: string }): Promise<null> {
  const now = ctx.clock.now();
  const userId = await notifications.consumeEmailToken(ctx, { token: input.email_token, purpose: 'reset_password' });
  const user = userId === null ? null : await users.findUser(ctx, { userId });
  if (!user) throw new AppError(400, PASSWORD_MESSAGES.invalidResetLink);

  const proof = 'password reset link';
  await users.setPassword(ctx, { userId: user.id, password: input.new_password, proof });
  // The link reached the mailbox, which proves the address as well as a verification link would.
  if (!user.email_verified_at) await users.markEmailVerified(ctx, { userId: user.id, at: now, proof });
  const ended = await q.deleteUserSessions(ctx.db, user.id);
  // The owner of an account under attack is never locked out: a reset clears its failed sign-in counter.
  await clearThrottle(ctx.db, accountKey(user.email));
  await ctx.audit(user.company_id, `Password reset by email link; ${ended} session${ended === 1 ? '' : 's'} signed out`, userLabel(user));
  return null;
}
