import { userLabel } from '@portal/contract/shared/user-label';
import { capabilitiesFor } from '@portal/contract/shared/capabilities';
import { isClosed, willDeleteAt } from '@portal/contract/shared/company-states';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { MESSAGES } from '@portal/contract/shared/envelope';
import { type Actor, rolesFor } from '../../platform/access.ts';
import type { PublicContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, newToken, setSessionCookies, tokenHash } from '../../platform/session.ts';
import * as security from '../security/service.ts';
import * as tenancy from '../tenancy/service.ts';
import * as users from '../users/service.ts';
import * as q from './queries.ts';
import type { SessionCache } from './session-cache.ts';

/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60 * 1000;

type SessionWithAccount = NonNullable<Awaited<ReturnType<typeof q.findSessionWithAccount>>>;

export function actorOf({ session, account, impersonator }: SessionWithAccount): Actor {
  const roles = rolesFor(account.company_type, account.staff_role, session.impersonator_user_id !== null);
  const label = userLabel(account);
  return {
    sessionId: session.id,
    userId: account.user_id,
    email: account.email,
    label: impersonator ? `${userLabel(impersonator)} as ${label}` : label,
    companyId: account.company_id,
    companyType: account.company_type,
    roles,
    capabilities: capabilitiesFor(account, roles),
    impersonatorUserId: session.impersonator_user_id,
    authenticatedAt: session.authenticated_at,
    twoFactorSetupPending: false,
  };
}

/** Holds a user at the two-factor setup while their company requires it and they have none; not an admin signed in as them. */
export async function withTwoFactorRule(db: Database, actor: Actor, company: { require_two_factor: boolean }): Promise<Actor> {
  if (!company.require_two_factor || actor.impersonatorUserId !== null) return actor;
  const pending = (await security.twoFactorMethod({ db }, { userId: actor.userId })) === 'none';
  return pending ? { ...actor, twoFactorSetupPending: true } : actor;
}

/** Whether a session last seen then is still live now (neither idle too long nor past its end). */
const liveAt = (now: Date, lastSeenAt: Date, expiresAt: Date) =>
  now.getTime() - lastSeenAt.getTime() <= SESSION_IDLE_MS && now.getTime() < expiresAt.getTime();

/**
 * The live session for a cookie token as an actor, or null; expired, idle and closed-company sessions are not.
 * With a cache, a session resolved a moment ago on this node is answered from it (docs/decisions/0068).
 */
export async function resolveActor(db: Database, now: Date, token: string | undefined, cache?: SessionCache) {
  if (!token) return null;
  const id = tokenHash(token);
  const cached = cache?.find(id, now);
  if (cached && liveAt(now, cached.lastSeenAt, cached.expiresAt)) {
    if (now.getTime() - cached.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await q.touchSession(db, id, now);
      cache?.seen(id, now);
    }
    return { actor: cached.actor, csrfToken: cached.csrfToken };
  }
  const generation = cache?.generation ?? 0;
  const row = await q.findSessionWithAccount(db, id, now);
  if (!row || row.account.deleted_at || !liveAt(now, row.session.last_seen_at, row.session.expires_at)) return null;
  // A deleted or migrated company's sessions are ended with it; this holds even for one that was missed.
  if (isClosed(row.account)) return null;
  let lastSeenAt = row.session.last_seen_at;
  if (now.getTime() - lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await q.touchSession(db, row.session.id, now);
    lastSeenAt = now;
  }
  const actor = await withTwoFactorRule(db, actorOf(row), row.account);
  cache?.keep(id, generation, { actor, csrfToken: row.session.csrf_token, lastSeenAt, expiresAt: row.session.expires_at }, now);
  return { actor, csrfToken: row.session.csrf_token };
}

/**
 * The actor a user is when they act without a browser, by a reply to a notification mail (docs/decisions/0046):
 * no session, no impersonator, their own roles. Null for a deleted user or a closed company, as a session would be.
 */
export async function actorWithoutSession(db: Database, now: Date, userId: number): Promise<Actor | null> {
  const account = await q.findAccount(db, userId);
  if (!account || account.deleted_at || isClosed(account)) return null;
  const roles = rolesFor(account.company_type, account.staff_role, false);
  return {
    sessionId: `mail:${userId}`,
    userId: account.user_id,
    email: account.email,
    label: userLabel(account),
    companyId: account.company_id,
    companyType: account.company_type,
    roles,
    capabilities: capabilitiesFor(account, roles),
    impersonatorUserId: null,
    authenticatedAt: now,
    twoFactorSetupPending: false,
  };
}

function hasAddress(c: tenancy.CompanyRow): boolean {
  return [c.phone_number, c.street_address, c.city, c.postal_code, c.country].every((v) => v.trim() !== '');
}

export async function authContextFor(db: Database, actor: Actor, company: tenancy.CompanyRow, user: users.UserRow): Promise<AuthContext> {
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
    trial_expires_at: company.current_state === 'TRIAL' ? (company.trial_expires_at?.toISOString() ?? null) : null,
    will_delete_at: willDeleteAt(company),
    has_saved_card: company.has_saved_card,
    has_provided_address_info: hasAddress(company),
    impersonated_by:
      actor.impersonatorUserId === null ? null : ((await users.findUser({ db }, { userId: actor.impersonatorUserId }))?.email ?? null),
    email_verified: user.email_verified_at !== null,
    needs_two_factor_setup: (await withTwoFactorRule(db, actor, company)).twoFactorSetupPending,
  };
}

/** A new session row; the token goes in the cookie and only its hash is stored. */
export async function createSession(
  db: Database,
  now: Date,
  o: { userId: number; impersonatorUserId: number | null; ip: string; userAgent: string },
): Promise<{ token: string; row: q.SessionRow }> {
  const token = newToken();
  const row = await q.insertSession(db, {
    id: tokenHash(token),
    user_id: o.userId,
    impersonator_user_id: o.impersonatorUserId,
    csrf_token: newToken(24),
    ip: o.ip,
    user_agent: o.userAgent.slice(0, 500),
    created_at: now,
    last_seen_at: now,
    expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    public_id: newToken(12),
    authenticated_at: now,
  });
  return { token, row };
}

/**
 * Ends the caller's session (if any), opens a new one with a new id, sets the cookies, and makes the
 * new session's user the call's actor. `knownDevice` says whether the user already had a session
 * from this address and browser.
 */
export async function startSession(ctx: PublicContext, userId: number, impersonatorUserId: number | null) {
  if (ctx.actor) await q.deleteSession(ctx.db, ctx.actor.sessionId);
  const userAgent = ctx.userAgent.slice(0, 500);
  const knownDevice = await q.hasSessionFrom(ctx.db, userId, ctx.ip, userAgent);
  const now = ctx.clock.now();
  const { token, row } = await createSession(ctx.db, now, { userId, impersonatorUserId, ip: ctx.ip, userAgent });
  setSessionCookies(ctx.cookies, token, row.csrf_token, ctx.config.COOKIE_SECURE);
  const found = await q.findSessionWithAccount(ctx.db, row.id, now);
  const user = await users.findUser(ctx, { userId });
  const company = user && !user.deleted_at ? await tenancy.findCompany(ctx, { companyId: user.company_id }) : null;
  if (!found || !user || !company) throw new AppError(500, MESSAGES.internal);
  const actor = actorOf(found);
  ctx.actAs(actor);
  return { actor, user, company, knownDevice };
}
