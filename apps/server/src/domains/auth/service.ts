import type { AuthContext } from '@portal/contract/auth/auth-context';
import { REAUTH_AFTER_MINUTES, REAUTH_REQUIRED } from '@portal/contract/shared/security';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import type { CallContext } from '../../platform/handle.ts';
import * as sessions from '../../platform/session.ts';
import * as companies from '../companies/service.ts';
import * as users from '../users/service.ts';
import { actorOf, authContextFor, startSession, withTwoFactorRule } from './session-start.ts';
import { accountKey, clearThrottle } from './throttle.ts';

export { login } from './login.ts';

/** Resolves the session cookie of a request to the actor behind it. */
export async function resolveActor(db: Database, clock: Clock, req: FastifyRequest) {
  const token = sessions.sessionToken(req);
  if (!token) return null;
  const row = await sessions.findSessionWithActor(db, clock, token);
  if (!row || row.user.deleted_at) return null;
  const actor = await withTwoFactorRule(db, actorOf(row.session, row.user, row.company), row.company);
  return { actor, csrfToken: row.session.csrf_token };
}

export async function getAuthContext(ctx: CallContext): Promise<AuthContext | null> {
  if (!ctx.actor) return null;
  const user = await users.findUser(ctx.db, ctx.actor.userId);
  const company = await companies.findCompany(ctx.db, ctx.actor.companyId);
  return user && company ? authContextFor(ctx.db, ctx.actor, company, user) : null;
}

export async function logout(ctx: CallContext): Promise<null> {
  if (ctx.actor) await sessions.deleteSession(ctx.db, ctx.actor.sessionId);
  sessions.clearSessionCookies(ctx.reply);
  return null;
}

export async function impersonate(ctx: CallContext, admin: Actor, companyId: number): Promise<AuthContext> {
  const company = await companies.requireCompany(ctx.db, admin, companyId, 'write');
  // Signing in as another staff member would hand over their staff powers; only customers and distributors.
  if (company.company_type === 'admin' || company.company_type === 'support') throw forbidden();
  const target = await users.findPrimaryContact(ctx.db, company.id);
  if (!target) throw notFound('This company has no user to sign in as');
  const adminLabel = await users.describeUser(ctx.db, admin.userId);
  const built = await startSession(ctx, target.id, admin.userId);
  await companies.addEvent(ctx.db, ctx.clock, company.id, adminLabel, `Signed in as ${users.userLabel(target)}`);
  return authContextFor(ctx.db, built.actor, built.company, built.user);
}

export async function endImpersonation(ctx: CallContext, actor: Actor): Promise<AuthContext> {
  const adminId = actor.impersonatorUserId;
  if (adminId === null) throw forbidden();
  const adminLabel = await users.describeUser(ctx.db, adminId);
  await companies.addEvent(ctx.db, ctx.clock, actor.companyId, adminLabel, 'Stopped signing in as this company');
  const built = await startSession(ctx, adminId, null);
  return authContextFor(ctx.db, built.actor, built.company, built.user);
}

/**
 * Risky actions (disable two-factor, regenerate the recovery passphrase, change email) call this first:
 * it refuses with `reauth_required` when the user last proved who they are more than 10 minutes ago,
 * and the page asks for the password or a code (`/api/v1/user/reauth`) and tries again.
 */
export function requireRecentAuth(ctx: CallContext, actor: Actor): void {
  const age = ctx.clock.now().getTime() - actor.authenticatedAt.getTime();
  if (age > REAUTH_AFTER_MINUTES * 60_000) {
    throw new AppError(403, REAUTH_REQUIRED.message, undefined, { [REAUTH_REQUIRED.flag]: true });
  }
}

/** A password reset clears the account's failed sign-in counter, so the owner is never locked out. */
export async function clearLoginThrottle(db: Database, email: string): Promise<void> {
  await clearThrottle(db, accountKey(email));
}
