import {
  IconAlertTriangle,
  IconCloudComputing,
  type Icon,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconCertificate,
  IconClockPlay,
  IconCloud,
  IconChartBar,
  IconCoin,
  IconCreditCard,
  IconDatabase,
  IconDiscount,
  IconDownload,
  IconPackages,
  IconKey,
  IconLayoutDashboard,
  IconLifebuoy,
  IconListDetails,
  IconMail,
  IconReceipt,
  IconReport,
  IconServer,
  IconServer2,
  IconServerCog,
  IconStack2,
  IconTicket,
  IconUserCircle,
  IconUserPlus,
  IconUsers,
  IconWorld,
} from '@tabler/icons-react';

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
  // The same requirements as the routes' guards (and the calls behind them).
  { to: '/my_servers', label: 'My servers', icon: IconServer, roles: ['customer'], capability: 'use_self_hosted' },
  { to: '/downloads', label: 'Downloads', icon: IconDownload, roles: ['customer'], capability: 'use_self_hosted' },
  // Storage only for companies that can have it (can_have_comet_storage gives use_storage).
  { to: '/storage/wasabi', label: 'Storage', icon: IconCloud, roles: ['customer', 'distributor'], capability: 'use_storage' },
  // The company's customer portal (CloudView; decision 0057).
  { to: '/cloudview', label: 'Customer portal', icon: IconWorld, roles: ['customer', 'distributor'], capability: 'use_customer_portal' },
  { to: '/my_plan', label: 'My plan', icon: IconStack2, roles: ['customer'], capability: 'use_my_plan' },
  { to: '/my_active_services', label: 'Active services', icon: IconListDetails, roles: ['customer'] },
  { to: '/full_usage_history', label: 'Usage history', icon: IconChartBar, roles: ['customer'] },
  { to: '/track_new_users', label: 'Track new users', icon: IconUserPlus, roles: ['customer'], capability: 'use_billing_pages' },
  { to: '/payment_methods', label: 'Payment methods', icon: IconCreditCard, roles: ['customer'], capability: 'use_billing_pages' },
  { to: '/mybill', label: 'Billing history', icon: IconReceipt, roles: ['customer'], capability: 'use_billing_pages' },
  { to: '/users', label: 'Users', icon: IconUsers, roles: ['customer'], capability: 'edit_users' },
  { to: '/mytickets', label: 'My tickets', icon: IconTicket, roles: ['admin', 'support'] },
  { to: '/raise_alert', label: 'Raise P1 Alert', icon: IconAlertTriangle, roles: ['admin', 'support'] },
  { to: '/support', label: 'Support', icon: IconTicket, roles: ['customer', 'distributor'], capability: 'use_tickets_page' },
  { to: '/reports', label: 'Reports', icon: IconReport, roles: ['admin'] },
  { to: '/reports_distributor', label: 'Distributor reports', icon: IconReport, roles: ['admin', 'distributor'] },
  { to: '/manage_email_templates', label: 'Email templates', icon: IconMail, roles: ['admin'] },
  { to: '/careers/tests', label: 'Career tests', icon: IconCertificate, roles: ['admin'] },
  { to: '/manage_topup_options', label: 'Top-up options', icon: IconCoin, roles: ['admin'] },
  { to: '/promo_campaigns', label: 'Promo campaigns', icon: IconDiscount, roles: ['admin'] },
  { to: '/manage_servers', label: 'Manage servers', icon: IconServerCog, roles: ['admin'] },
  { to: '/manage_storage', label: 'Manage storage', icon: IconDatabase, roles: ['admin'] },
  { to: '/manage_comet_hosted', label: 'Hosted servers', icon: IconCloudComputing, roles: ['admin'] },
  { to: '/manage_tenant_hosts', label: 'Tenant hosts', icon: IconServer2, roles: ['admin'] },
  { to: '/manage_downloads', label: 'Manage downloads', icon: IconPackages, roles: ['admin'] },
  { to: '/scheduled_jobs', label: 'Scheduled jobs', icon: IconClockPlay, roles: ['admin'] },
  { to: '/manage_api_tokens', label: 'API tokens', icon: IconKey, roles: ['admin', 'distributor', 'customer'], capability: 'use_api_tokens' },
  { to: '/resource', label: 'Resources', icon: IconLifebuoy, roles: ['any'] },
  { to: '/myaccount', label: 'My account', icon: IconUserCircle, roles: ['any'] },
];
