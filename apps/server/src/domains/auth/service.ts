import type { AuthContext } from '@portal/contract/auth/auth-context';
import type { LoginResultType } from '@portal/contract/auth/login';
import type { zLoginInput } from '@portal/contract/auth/login';
import { MESSAGES } from '@portal/contract/shared/envelope';
import { REAUTH_AFTER_MINUTES, REAUTH_REQUIRED } from '@portal/contract/shared/security';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Actor, rolesFor } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError, badInput, forbidden, notFound } from '../../platform/errors.ts';
import type { CallContext } from '../../platform/handle.ts';
import * as sessions from '../../platform/session.ts';
import * as companies from '../companies/service.ts';
import * as users from '../users/service.ts';

function actorOf(session: sessions.SessionRow, user: users.UserRow, company: companies.CompanyRow) {
  const roles = rolesFor(company.company_type, user.staff_role, session.impersonator_user_id !== null);
  return {
    user,
    company,
    actor: {
      sessionId: session.id,
      userId: user.id,
      email: user.email,
      companyId: company.id,
      companyType: company.company_type,
      roles,
      capabilities: companies.capabilitiesFor(company, roles),
      impersonatorUserId: session.impersonator_user_id,
      authenticatedAt: session.authenticated_at,
    } satisfies Actor,
  };
}

async function buildActor(
  db: Database,
  session: sessions.SessionRow,
): Promise<{ actor: Actor; company: companies.CompanyRow; user: users.UserRow } | null> {
  const user = await users.findUser(db, session.user_id);
  if (!user || user.deleted_at) return null;
  const company = await companies.findCompany(db, user.company_id);
  if (!company) return null;
  return actorOf(session, user, company);
}

/** Resolves the session cookie of a request to the actor behind it. */
export async function resolveActor(db: Database, clock: Clock, req: FastifyRequest) {
  const token = sessions.sessionToken(req);
  if (!token) return null;
  const row = await sessions.findSessionWithActor(db, clock, token);
  if (!row || row.user.deleted_at) return null;
  return { actor: actorOf(row.session, row.user, row.company).actor, csrfToken: row.session.csrf_token };
}

function hasAddress(c: companies.CompanyRow): boolean {
  return [c.phone_number, c.street_address, c.city, c.postal_code, c.country].every((v) => v.trim() !== '');
}

async function authContextFor(db: Database, actor: Actor, company: companies.CompanyRow, user: users.UserRow): Promise<AuthContext> {
  return {
    email: user.email,
    contact_name: user.contact_name,
    company_id: company.id,
    company_name: company.company_name,
    company_type: company.company_type,
    state: company.current_state,
    roles: [...actor.roles],
    capabilities: [...actor.capabilities],
    customer_trial_length_days: company.customer_trial_length_days,
    // No payment cards exist until the billing domain lands; it will answer this.
    has_saved_card: false,
    has_provided_address_info: hasAddress(company),
    impersonated_by: actor.impersonatorUserId === null ? null : ((await users.findUser(db, actor.impersonatorUserId))?.email ?? null),
    email_verified: user.email_verified_at !== null,
    needs_two_factor_setup: false,
  };
}

export async function getAuthContext(ctx: CallContext): Promise<AuthContext | null> {
  if (!ctx.actor) return null;
  const user = await users.findUser(ctx.db, ctx.actor.userId);
  const company = await companies.findCompany(ctx.db, ctx.actor.companyId);
  return user && company ? authContextFor(ctx.db, ctx.actor, company, user) : null;
}

/** Ends the caller's session (if any), opens a new one with a new id, and sets the cookies. */
async function startSession(ctx: CallContext, userId: number, impersonatorUserId: number | null) {
  if (ctx.actor) await sessions.deleteSession(ctx.db, ctx.actor.sessionId);
  const { token, row } = await sessions.createSession(ctx.db, ctx.clock, {
    userId,
    impersonatorUserId,
    ip: ctx.req.ip,
    userAgent: String(ctx.req.headers['user-agent'] ?? ''),
  });
  sessions.setSessionCookies(ctx.reply, token, row.csrf_token, ctx.config.COOKIE_SECURE);
  const built = await buildActor(ctx.db, row);
  if (!built) throw new AppError(500, MESSAGES.internal);
  // The request that signed in is logged for the company it signed in to.
  ctx.req.actor = built.actor;
  return built;
}

type LoginInput = z.output<typeof zLoginInput>;
interface LoginResult {
  type: LoginResultType;
  auth_context: AuthContext | null;
  will_delete_at: number | null;
  webauthn_challenge: Record<string, unknown> | null;
  redirect_url: string | null;
}

export async function login(ctx: CallContext, input: LoginInput): Promise<LoginResult> {
  const user = await users.findActiveUserByEmail(ctx.db, input.target_user ?? '');
  // The email step answers the same for unknown addresses, so it cannot be used to find accounts.
  if (input.target_type === 'email')
    return { type: 'password_required', auth_context: null, will_delete_at: null, webauthn_challenge: null, redirect_url: null };
  if (input.target_type !== 'password') {
    throw badInput({ target_type: 'This sign-in method is not available for this account' });
  }
  if (!input.target_password) throw badInput({ target_password: 'Please enter a password' });

  const passwordOk = await users.checkPassword(user, input.target_password);
  if (!user || !passwordOk) throw new AppError(401, MESSAGES.invalidCredentials);
  const company = await companies.findCompany(ctx.db, user.company_id);
  if (!company || company.current_state === 'DELETED' || company.current_state === 'MIGRATED') {
    throw new AppError(403, 'This account has been deleted');
  }

  const now = ctx.clock.now();
  await users.recordLogin(ctx.db, user.id, now, input.target_browser_timezone);
  const { actor } = await startSession(ctx, user.id, null);
  await companies.addEvent(ctx.db, ctx.clock, company.id, users.userLabel(user), `Signed in from ${ctx.req.ip}`);
  const auth_context = await authContextFor(ctx.db, actor, company, user);
  if (company.current_state === 'PENDING_DELETE') {
    return {
      type: 'reactivate_account',
      auth_context,
      will_delete_at: companies.willDeleteAt(company),
      webauthn_challenge: null,
      redirect_url: null,
    };
  }
  return { type: 'ok', auth_context, will_delete_at: null, webauthn_challenge: null, redirect_url: null };
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
