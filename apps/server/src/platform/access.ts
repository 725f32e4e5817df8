import type { Access } from '@portal/contract/shared/define-call';
import { isPublic } from '@portal/contract/shared/define-call';
import type { CompanyType } from '@portal/contract/shared/fields';
import type { Capability, Role, StaffRole } from '@portal/contract/shared/roles';
import { AppError, forbidden, notLoggedIn } from './errors.ts';

/** Who is making a call, resolved from the session before any work. */
export interface Actor {
  sessionId: string;
  userId: number;
  email: string;
  companyId: number;
  companyType: CompanyType;
  roles: readonly Role[];
  capabilities: readonly Capability[];
  impersonatorUserId: number | null;
  /** When the session's user last proved who they are (sign-in or a re-check). */
  authenticatedAt: Date;
  /** The company requires two-factor and the user has none yet; only the setup calls are open. */
  twoFactorSetupPending: boolean;
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

/** The actor for calls that are not public; handle() has already refused anonymous callers. */
export function signedIn(actor: Actor | null): Actor {
  if (!actor) throw notLoggedIn();
  return actor;
}

/**
 * The actor, when they act as themselves. An admin signed in as a customer can run the customer's
 * portal but not change how that user signs in (password, email, two-factor, recovery, sessions).
 */
export function actingAsSelf(actor: Actor | null): Actor {
  const self = signedIn(actor);
  if (self.impersonatorUserId !== null) throw new AppError(403, NOT_AS_ANOTHER_USER);
  return self;
}

const NOT_AS_ANOTHER_USER = 'An admin signed in as this user cannot change how the user signs in';
