import type { AuthContext } from '@portal/contract/auth/auth-context';
import { MESSAGES } from '@portal/contract/shared/envelope';
import { and, eq } from 'drizzle-orm';
import { type Actor, rolesFor } from '../../platform/access.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { CallContext } from '../../platform/handle.ts';
import * as sessions from '../../platform/session.ts';
import { sessions as sessionsTable } from '../../platform/tables.ts';
import * as companies from '../companies/service.ts';
import * as security from '../security/service.ts';
import * as users from '../users/service.ts';

export function actorOf(session: sessions.SessionRow, user: users.UserRow, company: companies.CompanyRow): Actor {
  const roles = rolesFor(company.company_type, user.staff_role, session.impersonator_user_id !== null);
  return {
    sessionId: session.id,
    userId: user.id,
    email: user.email,
    companyId: company.id,
    companyType: company.company_type,
    roles,
    capabilities: companies.capabilitiesFor(company, roles),
    impersonatorUserId: session.impersonator_user_id,
    authenticatedAt: session.authenticated_at,
    twoFactorSetupPending: false,
  };
}

/** Holds a user at the two-factor setup while their company requires it and they have none; not an admin signed in as them. */
export async function withTwoFactorRule(db: Database, actor: Actor, company: companies.CompanyRow): Promise<Actor> {
  if (!company.require_two_factor || actor.impersonatorUserId !== null) return actor;
  const pending = (await security.twoFactorMethod(db, actor.userId)) === 'none';
  return pending ? { ...actor, twoFactorSetupPending: true } : actor;
}

function hasAddress(c: companies.CompanyRow): boolean {
  return [c.phone_number, c.street_address, c.city, c.postal_code, c.country].every((v) => v.trim() !== '');
}

export async function authContextFor(db: Database, actor: Actor, company: companies.CompanyRow, user: users.UserRow): Promise<AuthContext> {
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
    needs_two_factor_setup: (await withTwoFactorRule(db, actor, company)).twoFactorSetupPending,
  };
}

/**
 * Ends the caller's session (if any), opens a new one with a new id, and sets the cookies.
 * `knownDevice` says whether the user already had a session from this address and browser.
 */
export async function startSession(ctx: CallContext, userId: number, impersonatorUserId: number | null) {
  if (ctx.actor) await sessions.deleteSession(ctx.db, ctx.actor.sessionId);
  const ip = ctx.req.ip;
  const userAgent = String(ctx.req.headers['user-agent'] ?? '');
  const [seen] = await ctx.db
    .select({ id: sessionsTable.id })
    .from(sessionsTable)
    .where(and(eq(sessionsTable.user_id, userId), eq(sessionsTable.ip, ip), eq(sessionsTable.user_agent, userAgent.slice(0, 500))))
    .limit(1);
  const { token, row } = await sessions.createSession(ctx.db, ctx.clock, { userId, impersonatorUserId, ip, userAgent });
  sessions.setSessionCookies(ctx.reply, token, row.csrf_token, ctx.config.COOKIE_SECURE);
  const user = await users.findUser(ctx.db, row.user_id);
  const company = user && !user.deleted_at ? await companies.findCompany(ctx.db, user.company_id) : null;
  if (!user || !company) throw new AppError(500, MESSAGES.internal);
  const actor = actorOf(row, user, company);
  // The request that signed in is logged for the company it signed in to.
  ctx.req.actor = actor;
  return { actor, user, company, knownDevice: seen !== undefined };
}
