import type { Role } from '../shared/roles.ts';

// No zod here: the web's route tree (its first load) reads these without the list's schemas.

/** The admin dashboard's default view. */
export const DEFAULT_ADMIN_COMPANY_STATES = ['TRIAL', 'ACTIVE', 'SUSPENDED'] as const;

/** Who may list companies, and so who sees /dashboard_admin. */
export const ADMIN_COMPANY_LIST_ACCESS: { roles: readonly Role[] } = { roles: ['admin', 'support', 'sales', 'sales_admin'] };
