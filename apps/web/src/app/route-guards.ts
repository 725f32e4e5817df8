import type { AuthContext } from '@portal/contract/auth/auth-context';
import { redirect } from '@tanstack/react-router';
import { roleHome } from '../features/auth/role-home';
import { hasAccess, type Requirement } from '../lib/access';

/** Sends a signed-in user who may not see a page to their own home instead of a page of errors. */
export function requireAccess(auth: AuthContext, requirement: Requirement): void {
  if (!hasAccess(auth, requirement)) throw redirect({ to: roleHome(auth) });
}
