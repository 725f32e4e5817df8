import type { AuthContext } from '@portal/contract/auth/auth-context';
import { type Access, isPublic } from '@portal/contract/shared/define-call';
import type { Capability, Role } from '@portal/contract/shared/roles';

/** Who may see a route or a control; mirrors the contract's `access` so the UI hides what the server refuses. */
export interface Requirement {
  roles?: readonly Role[] | undefined;
  capability?: Capability | undefined;
}

export function hasAccess(auth: AuthContext | null | undefined, requirement: Requirement): boolean {
  if (!auth) return false;
  const { roles, capability } = requirement;
  if (roles && !roles.includes('any') && !roles.some((role) => auth.roles.includes(role))) return false;
  if (capability && !auth.capabilities.includes(capability)) return false;
  return true;
}

/** The requirement of a contract call, so a page built on one call shows to exactly who may make it. */
export function requirementOf(access: Access): Requirement {
  return isPublic(access) ? {} : access;
}
