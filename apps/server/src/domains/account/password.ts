import { PASSWORD_RESET_TOKEN_MINUTES } from '@portal/contract/shared/security';
import { type Actor, actingAsSelf, signedIn } from '../../platform/access.ts';
import { AppError, badInput, notLoggedIn } from '../../platform/errors.ts';
import type { CallContext } from '../../platform/handle.ts';
import { deleteUserSessions, markAuthenticated } from '../../platform/session.ts';
import * as auth from '../auth/service.ts';
import * as companies from '../companies/service.ts';
import * as users from '../users/service.ts';
import { checkBotSolution } from './bot-challenge.ts';
import * as templates from './mail-templates.ts';
import * as q from './queries.ts';
import { consumeEmailToken, issueEmailToken, mailUser, sendVerificationMail } from './service.ts';

export const ACCOUNT_MESSAGES = {
  botCheck: 'Please complete the bot check',
  invalidResetLink: `This link is invalid or has expired. Reset links expire after ${PASSWORD_RESET_TOKEN_MINUTES} minutes.`,
  alreadyVerified: 'Your email address is already verified',
} as const;

/** The companies whose users can no longer sign in, so no reset link is sent for them. */
const CLOSED_STATES = new Set(['DELETED', 'MIGRATED']);

/**
 * Mails a reset link when the address belongs to a user who can sign in, and answers the same either
 * way, so the form cannot be used to find accounts. The sign-in throttle is not consulted: the owner
 * of an account under attack must always be able to reset.
 */
export async function forgotPassword(ctx: CallContext, input: { target_user: string; recaptcha: string }): Promise<null> {
  if (!(await checkBotSolution(ctx.db, ctx.config, ctx.clock, input.recaptcha))) {
    throw badInput({ recaptcha: ACCOUNT_MESSAGES.botCheck });
  }
  const user = await users.findActiveUserByEmail(ctx.db, input.target_user);
  const company = user ? await companies.findCompany(ctx.db, user.company_id) : null;
  if (!user || !company || CLOSED_STATES.has(company.current_state)) return null;

  // A newer link replaces the older ones.
  await q.retireEmailTokens(ctx.db, user.id, 'reset_password', ctx.clock.now());
  const token = await issueEmailToken(ctx.db, ctx.clock, user, 'reset_password');
  const link = templates.portalLink(ctx.config, '/update_password', { t: token });
  await mailUser(ctx, user, templates.passwordResetMail(link, user.contact_name, templates.portalLink(ctx.config, '/forgot_password')));
  await companies.addEvent(ctx.db, ctx.clock, company.id, `Visitor from ${ctx.req.ip}`, `Password reset link sent to ${user.email}`);
  return null;
}

/** Sets a new password from a reset link: the link is used up, every session of the user ends. */
export async function resetPassword(ctx: CallContext, input: { email_token: string; new_password: string }): Promise<null> {
  const userId = await consumeEmailToken(ctx.db, ctx.clock, input.email_token, 'reset_password');
  const user = userId === null ? null : await users.findUser(ctx.db, userId);
  if (!user) throw new AppError(400, ACCOUNT_MESSAGES.invalidResetLink);

  const now = ctx.clock.now();
  await users.updateUser(ctx.db, user.id, {
    password_hash: await users.hashPassword(input.new_password),
    // The link reached the mailbox, which proves the address as well as a verification link would.
    ...(user.email_verified_at ? {} : { email_verified_at: now }),
  });
  const ended = await deleteUserSessions(ctx.db, user.id);
  await auth.clearLoginThrottle(ctx.db, user.email);
  await companies.addEvent(
    ctx.db,
    ctx.clock,
    user.company_id,
    users.userLabel(user),
    `Password reset by email link; ${ended} session${ended === 1 ? '' : 's'} signed out`,
  );
  return null;
}

/** The signed-in user sets a new password; their other sessions end, this one stays and counts as a fresh check. */
export async function changePassword(ctx: CallContext, input: { new_password: string }): Promise<null> {
  const actor = actingAsSelf(ctx.actor);
  const user = await requireUser(ctx, actor);
  await users.updateUser(ctx.db, user.id, { password_hash: await users.hashPassword(input.new_password) });
  const ended = await deleteUserSessions(ctx.db, user.id, actor.sessionId);
  await markAuthenticated(ctx.db, actor.sessionId, ctx.clock.now());
  await companies.addEvent(
    ctx.db,
    ctx.clock,
    user.company_id,
    users.userLabel(user),
    `Changed password; ${ended} other session${ended === 1 ? '' : 's'} signed out`,
  );
  return null;
}

export async function resendVerificationEmail(ctx: CallContext): Promise<null> {
  const user = await requireUser(ctx, signedIn(ctx.actor));
  if (user.email_verified_at) throw new AppError(400, ACCOUNT_MESSAGES.alreadyVerified);
  await sendVerificationMail(ctx, user);
  await companies.addEvent(ctx.db, ctx.clock, user.company_id, users.userLabel(user), `Verification mail sent to ${user.email}`);
  return null;
}

async function requireUser(ctx: CallContext, actor: Actor): Promise<users.UserRow> {
  const user = await users.findUser(ctx.db, actor.userId);
  if (!user || user.deleted_at) throw notLoggedIn();
  return user;
}
