import type { AuthContext } from '@portal/contract/auth/auth-context';
import { redirect } from '@tanstack/react-router';
import { roleHome } from '../features/auth/role-home';
import { hasAccess, type Requirement } from '../lib/access';

/** Sends a signed-in user who may not see a page to their own home instead of a page of errors. */
export function requireAccess(auth: AuthContext, requirement: Requirement): void {
  if (!hasAccess(auth, requirement)) throw redirect({ to: roleHome(auth) });
}

/** Pages a user who still has to set up two-factor (their company requires it) may open. */
export const TWO_FACTOR_SETUP_PAGES: readonly string[] = ['/setup_two_factor', '/passphrase', '/security_questions', '/myaccount'];

/** While the company requires two-factor and the user has none, every other page leads to its setup. */
export function requireTwoFactorSetup(auth: AuthContext, pathname: string): void {
  if (!auth.needs_two_factor_setup) return;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!TWO_FACTOR_SETUP_PAGES.includes(path)) throw redirect({ to: '/setup_two_factor', replace: true });
}
