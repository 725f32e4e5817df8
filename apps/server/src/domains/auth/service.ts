import { userLabel } from '@portal/contract/shared/user-label';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import type { Actor } from '../../platform/access.ts';
import type { CallContext, PublicContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { clearSessionCookies } from '../../platform/session.ts';
import * as tenancy from '../tenancy/service.ts';
import * as users from '../users/service.ts';
import * as q from './queries.ts';
import { complete } from './login.ts';
import * as sessionStart from './session-start.ts';
import { authContextFor, startSession } from './session-start.ts';
import { ssoCallback } from './sso.ts';

export async function getAuthContext(ctx: PublicContext): Promise<AuthContext | null> {
  if (!ctx.actor) return null;
  const user = await users.findUser(ctx, { userId: ctx.actor.userId });
  const company = await tenancy.findCompany(ctx, { companyId: ctx.actor.companyId });
  return user && company ? authContextFor(ctx.db, ctx.actor, company, user) : null;
}

export async function logout(ctx: PublicContext): Promise<null> {
  if (ctx.actor) await q.deleteSession(ctx.db, ctx.actor.sessionId);
  clearSessionCookies(ctx.cookies);
  return null;
}

/** Finishes a single sign-on round trip: signs the user in, and answers the page the browser goes to next. */
export async function finishSso(ctx: PublicContext, input: { url: URL }): Promise<string> {
  const outcome = await ssoCallback(ctx, input.url);
  if ('error' in outcome) return `/login?error=${outcome.error}`;
  const result = await complete(ctx, outcome.user, 'single sign-on', undefined);
  return result.type === 'reactivate_account' ? `/pending_delete?will_delete_at=${result.will_delete_at}` : '/';
}

export async function impersonate(ctx: CallContext, input: { target_id: number }): Promise<AuthContext> {
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_id, mode: 'write' });
  // Signing in as another staff member would hand over their staff powers; only customers and distributors.
  if (company.company_type === 'admin' || company.company_type === 'support') throw forbidden();
  const target = await users.findPrimaryContact(ctx, { companyId: company.id });
  if (!target) throw notFound('This company has no user to sign in as');
  const admin = ctx.actor.label;
  const built = await startSession(ctx, target.id, ctx.actor.userId);
  await ctx.audit(company.id, `Signed in as ${userLabel(target)}`, admin);
  return authContextFor(ctx.db, built.actor, built.company, built.user);
}

export async function endImpersonation(ctx: CallContext): Promise<AuthContext> {
  const adminId = ctx.actor.impersonatorUserId;
  if (adminId === null) throw forbidden();
  const admin = await users.findUser(ctx, { userId: adminId });
  await ctx.audit(ctx.actor.companyId, 'Stopped signing in as this company', admin ? userLabel(admin) : `user #${adminId}`);
  const built = await startSession(ctx, adminId, null);
  return authContextFor(ctx.db, built.actor, built.company, built.user);
}

/** Signs a user out everywhere, or everywhere but one session (after a password change, for instance). */
export const endSessions = (ctx: Pick<CallContext, 'db'>, input: { userId: number; exceptSessionId?: string }) =>
  q.deleteUserSessions(ctx.db, input.userId, input.exceptSessionId);

/** Signs out every user of a company (it has been deleted for good); returns how many sessions ended. */
export const endCompanySessions = (ctx: Pick<CallContext, 'db'>, input: { companyId: number }) =>
  q.deleteCompanySessions(ctx.db, input.companyId);

/** Records that the session's user has just proved who they are again, now. */
export const markAuthenticated = (ctx: Pick<CallContext, 'db' | 'clock'>, input: { sessionId: string }) =>
  q.markAuthenticated(ctx.db, input.sessionId, ctx.clock.now());

/**
 * The actor a user would be signed in as, without a session (an answer by mail acts as its sender, tickets);
 * null for a user who could not sign in.
 */
export const actorWithoutSession = (ctx: Pick<CallContext, 'db' | 'clock'>, input: { userId: number }): Promise<Actor | null> =>
  sessionStart.actorWithoutSession(ctx.db, ctx.clock.now(), input.userId);
