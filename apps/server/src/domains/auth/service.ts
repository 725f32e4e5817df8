import type { AuthContext } from '@portal/contract/auth/auth-context';
import type { CallContext, PublicContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { clearSessionCookies } from '../../platform/session.ts';
import * as tenancy from '../tenancy/service.ts';
import * as users from '../users/service.ts';
import * as q from './queries.ts';
import { complete } from './login.ts';
import { authContextFor, startSession } from './session-start.ts';
import { ssoCallback } from './sso.ts';

export { login } from './login.ts';
export { actorWithoutSession, createSession, resolveActor } from './session-start.ts';
export { SessionCache } from './session-cache.ts';

export async function getAuthContext(ctx: PublicContext): Promise<AuthContext | null> {
  if (!ctx.actor) return null;
  const user = await users.findUser(ctx.db, ctx.actor.userId);
  const company = await tenancy.findCompany(ctx, { companyId: ctx.actor.companyId });
  return user && company ? authContextFor(ctx.db, ctx.actor, company, user) : null;
}

export async function logout(ctx: PublicContext): Promise<null> {
  if (ctx.actor) await q.deleteSession(ctx.db, ctx.actor.sessionId);
  clearSessionCookies(ctx.cookies);
  return null;
}

/** Finishes a single sign-on round trip: signs the user in, and answers the page the browser goes to next. */
export async function finishSso(ctx: PublicContext, url: URL): Promise<string> {
  const outcome = await ssoCallback(ctx, url);
  if ('error' in outcome) return `/login?error=${outcome.error}`;
  const result = await complete(ctx, outcome.user, 'single sign-on', undefined);
  return result.type === 'reactivate_account' ? `/pending_delete?will_delete_at=${result.will_delete_at}` : '/';
}

export async function impersonate(ctx: CallContext, input: { target_id: number }): Promise<AuthContext> {
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_id, mode: 'write' });
  // Signing in as another staff member would hand over their staff powers; only customers and distributors.
  if (company.company_type === 'admin' || company.company_type === 'support') throw forbidden();
  const target = await users.findPrimaryContact(ctx.db, company.id);
  if (!target) throw notFound('This company has no user to sign in as');
  const admin = ctx.actor.label;
  const built = await startSession(ctx, target.id, ctx.actor.userId);
  await ctx.audit(company.id, `Signed in as ${users.userLabel(target)}`, admin);
  return authContextFor(ctx.db, built.actor, built.company, built.user);
}

export async function endImpersonation(ctx: CallContext): Promise<AuthContext> {
  const adminId = ctx.actor.impersonatorUserId;
  if (adminId === null) throw forbidden();
  const admin = await users.findUser(ctx.db, adminId);
  await ctx.audit(ctx.actor.companyId, 'Stopped signing in as this company', admin ? users.userLabel(admin) : `user #${adminId}`);
  const built = await startSession(ctx, adminId, null);
  return authContextFor(ctx.db, built.actor, built.company, built.user);
}

/** Signs a user out everywhere, or everywhere but one session (after a password change, for instance). */
export const endSessions = q.deleteUserSessions;

/** Signs out every user of a company (it has been deleted for good); returns how many sessions ended. */
export const endCompanySessions = q.deleteCompanySessions;

/** Records that the session's user has just proved who they are again. */
export const markAuthenticated = q.markAuthenticated;
