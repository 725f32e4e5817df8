import type { Access } from '@portal/contract/shared/define-call';
import { isPublic } from '@portal/contract/shared/define-call';
import type { CompanyType } from '@portal/contract/shared/fields';
import type { Capability, Role, StaffRole } from '@portal/contract/shared/roles';
import { forbidden, notLoggedIn } from './errors.ts';

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
}

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
}

/** The actor for calls that are not public; handle() has already refused anonymous callers. */
export function signedIn(actor: Actor | null): Actor {
  if (!actor) throw notLoggedIn();
  return actor;
}
