import type { Access, Call } from '@portal/contract/shared/define-call';
import { isPublic } from '@portal/contract/shared/define-call';
import type { CompanyType } from '@portal/contract/shared/fields';
import type { Capability, Role, StaffRole } from '@portal/contract/shared/roles';
import { REAUTH_AFTER_MINUTES, REAUTH_REQUIRED } from '@portal/contract/shared/security';
import { TOKEN_AUTH_MESSAGES } from '@portal/contract/shared/token-permissions';
import { AppError, forbidden, notLoggedIn } from './errors.ts';

/** Who is making a call, resolved from the session before any work. */
export interface Actor {
  sessionId: string;
  userId: number;
  email: string;
  /**
   * Who the company history says did it: the user's name and address, or "Ada Admin <ada@…> as
   * Casey Customer <casey@…>" while an admin is signed in as the user, or 'system' for a job.
   */
  label: string;
  companyId: number;
  companyType: CompanyType;
  roles: readonly Role[];
  capabilities: readonly Capability[];
  impersonatorUserId: number | null;
  /** When the session's user last proved who they are (sign-in or a re-check). */
  authenticatedAt: Date;
  /** The company requires two-factor and the user has none yet; only the setup calls are open. */
  twoFactorSetupPending: boolean;
  /** Set when the call came with an API token: the permissions it carries (docs/decisions/0030). */
  tokenPermissions?: readonly string[];
}

export const TWO_FACTOR_SETUP_REQUIRED = 'Your company requires two-factor authentication. Please set it up to continue.';

export const STAFF: readonly Role[] = ['admin', 'support', 'sales', 'sales_admin'];

/** Roles follow the company's type; users of the admin company hold a staff role. */
export function rolesFor(companyType: CompanyType, staffRole: StaffRole | null, impersonating: boolean): Role[] {
  const roles: Role[] = ['any'];
  if (companyType === 'admin') {
    const r = staffRole ?? 'admin';
    roles.push(r);
    if (r === 'sales_admin') roles.push('sales');
  } else if (companyType === 'support') roles.push('support');
  else if (companyType === 'distributor') roles.push('distributor');
  else roles.push('customer');
  if (impersonating) roles.push('admin_impersonating');
  return roles;
}

export function hasRole(actor: Actor, role: Role): boolean {
  return actor.roles.includes(role);
}

/** An admin acting as themself: an admin signed in as a user has only that user's powers. */
export function isAdmin(actor: Actor): boolean {
  return hasRole(actor, 'admin') && !hasRole(actor, 'admin_impersonating');
}

export function isStaff(actor: Actor): boolean {
  return actor.roles.some((r) => STAFF.includes(r) && r !== 'any');
}

/** Throws unless the actor may make a call with this access. */
export function requireAccess(access: Access, actor: Actor | null): void {
  if (isPublic(access)) return;
  if (!actor) throw notLoggedIn();
  if (!access.roles.some((r) => actor.roles.includes(r))) throw forbidden();
  if (access.capability && !actor.capabilities.includes(access.capability)) throw forbidden();
  if (access.selfOnly && actor.impersonatorUserId !== null) throw new AppError(403, NOT_AS_ANOTHER_USER);
  if (actor.twoFactorSetupPending && !access.beforeTwoFactorSetup) {
    throw new AppError(403, TWO_FACTOR_SETUP_REQUIRED, undefined, { two_factor_setup_required: true });
  }
}

/**
 * A call made with an API token needs the permission its contract names, and the token must carry it;
 * a contract that names none is closed to tokens, public calls included (sign-in would set a cookie).
 */
export function requireTokenPermission(call: Pick<Call, 'tokenPermission'>, actor: Actor): void {
  if (!actor.tokenPermissions) return;
  if (!call.tokenPermission || !actor.tokenPermissions.includes(call.tokenPermission))
    throw new AppError(403, TOKEN_AUTH_MESSAGES.notPermitted);
}

/**
 * For the few changes that refuse an admin signed in as the user only for some input (the calls that
 * always refuse say `selfOnly` in their contract): an admin may fix a customer's details, but not
 * change how the customer signs in.
 */
export function requireSelf(actor: Actor): void {
  if (actor.impersonatorUserId !== null) throw new AppError(403, NOT_AS_ANOTHER_USER);
}

/**
 * Risky actions (disable two-factor, regenerate the recovery passphrase, change email) call this first:
 * it refuses with `reauth_required` when the user last proved who they are more than 10 minutes ago,
 * and the page asks for the password or a code (`/api/v1/user/reauth`) and tries again.
 */
export function requireRecentAuth(actor: Actor, now: Date): void {
  if (now.getTime() - actor.authenticatedAt.getTime() > REAUTH_AFTER_MINUTES * 60_000) {
    throw new AppError(403, REAUTH_REQUIRED.message, undefined, { [REAUTH_REQUIRED.flag]: true });
  }
}

/** The actor of scheduled jobs: no company, no role, so it passes no access check; its events say 'system'. */
export const SYSTEM_ACTOR: Actor = {
  sessionId: '',
  userId: 0,
  email: '',
  label: 'system',
  companyId: 0,
  companyType: 'admin',
  roles: [],
  capabilities: [],
  impersonatorUserId: null,
  authenticatedAt: new Date(0),
  twoFactorSetupPending: false,
};

/** Whether the actor is the scheduled jobs' system actor (not a user: no session, no company). */
export function isSystem(actor: Actor | null): boolean {
  return actor === SYSTEM_ACTOR;
}

const NOT_AS_ANOTHER_USER = 'An admin signed in as this user cannot change how the user signs in';
