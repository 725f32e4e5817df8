import type { AuthContext } from '@portal/contract/auth/auth-context';
import type { Role } from '@portal/contract/shared/roles';

export type HomePath = '/dashboard_admin' | '/dashboard_distributor' | '/dashboard';

const STAFF_HOME_ROLES: readonly Role[] = ['admin', 'support', 'sales', 'sales_admin'];

/** Where a user lands after login or on '/'. */
export function roleHome(auth: Pick<AuthContext, 'roles'>): HomePath {
  if (auth.roles.some((role) => STAFF_HOME_ROLES.includes(role))) return '/dashboard_admin';
  if (auth.roles.includes('distributor')) return '/dashboard_distributor';
  return '/dashboard';
}

/**
 * A redirect_to value that is safe to follow: a path on this site, never another origin
 * ('//evil.example', '/\\evil.example') and never back to the login page.
 */
export function safeRedirect(redirectTo: string | undefined): string | null {
  if (!redirectTo?.startsWith('/')) return null;
  if (redirectTo.startsWith('//') || redirectTo.startsWith('/\\')) return null;
  if (/^\/login(?:[/?#]|$)/.test(redirectTo)) return null;
  return redirectTo;
}

/**
 * After a completed login: suspended companies go to top up; a customer whose company has no phone
 * or address yet completes signup first; otherwise redirect_to or the role's home.
 */
export function destinationAfterLogin(
  auth: Pick<AuthContext, 'roles' | 'state' | 'has_provided_address_info' | 'impersonated_by'>,
  redirectTo: string | undefined,
): string {
  if (auth.state === 'SUSPENDED') return '/topup';
  if (auth.roles.includes('customer') && !auth.has_provided_address_info && auth.impersonated_by === null) {
    return '/complete_signup';
  }
  return safeRedirect(redirectTo) ?? roleHome(auth);
}
