import { type Icon, IconBuildingStore, IconBuildingWarehouse, IconLayoutDashboard, IconUserCircle, IconUsers } from '@tabler/icons-react';
import type { Requirement } from '../lib/access';

export interface NavItem extends Requirement {
  to: string;
  label: string;
  /** Shown before the label in the navbar (a Tabler icon). */
  icon?: Icon;
}

/**
 * The navbar, in display order. A user sees an item when they hold one of its roles and its
 * capability (see hasAccess); later features add one line each.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard_admin', label: 'Companies', icon: IconBuildingWarehouse, roles: ['admin', 'support', 'sales', 'sales_admin'] },
  { to: '/dashboard_distributor', label: 'Sub-accounts', icon: IconBuildingStore, roles: ['distributor'] },
  { to: '/dashboard', label: 'Dashboard', icon: IconLayoutDashboard, roles: ['customer'] },
  { to: '/users', label: 'Users', icon: IconUsers, roles: ['customer'], capability: 'edit_users' },
  { to: '/myaccount', label: 'My account', icon: IconUserCircle, roles: ['any'] },
];
