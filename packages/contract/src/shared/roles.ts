import { z } from 'zod';

/** The spec's roles. 'any' means any signed-in user. */
export const ROLES = ['any', 'admin', 'admin_impersonating', 'support', 'distributor', 'sales', 'sales_admin', 'customer'] as const;
export type Role = (typeof ROLES)[number];

/** Staff roles a user of an admin company may hold. */
export const STAFF_ROLES = ['admin', 'support', 'sales', 'sales_admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const zStaffRole = z.enum(STAFF_ROLES);

/** The spec's permission flags. */
export const CAPABILITIES = [
  'use_hosted',
  'use_self_hosted',
  'use_tickets_page',
  'use_all_tickets_page',
  'use_billing_pages',
  'use_api_tokens',
  'use_storage',
  'sales_commission',
  'use_customer_portal',
  'use_my_plan',
  'use_new_card_dialog',
  'edit_users',
  'manage_trial_usage',
] as const;
export type Capability = (typeof CAPABILITIES)[number];
export const zCapability = z.enum(CAPABILITIES);
export const zRole = z.enum(ROLES);
