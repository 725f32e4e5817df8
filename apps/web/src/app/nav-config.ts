import type { Requirement } from '../lib/access';

export interface NavItem extends Requirement {
  to: string;
  label: string;
}

/**
 * The navbar, in display order. A user sees an item when they hold one of its roles and its
 * capability (see hasAccess); later features add one line each.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard_admin', label: 'Companies', roles: ['admin', 'support', 'sales', 'sales_admin'] },
  { to: '/dashboard_distributor', label: 'Sub-Accounts', roles: ['distributor'] },
  { to: '/dashboard', label: 'Dashboard', roles: ['customer'] },
  { to: '/users', label: 'Users', roles: ['customer'], capability: 'edit_users' },
  { to: '/myaccount', label: 'My Account', roles: ['any'] },
];
