/**
 * The permissions an API token can carry, grouped by the service they belong to (spec-2 §5, §6). A call
 * names the one it needs in its contract (`tokenPermission`); a call that names none is not reachable by
 * token at all, so a call added without thinking about tokens stays closed to them (docs/decisions/0030).
 * Names starting DISTRIBUTOR_ are offered only to distributors, ADMIN_ only to admins.
 */
export const TOKEN_PERMISSIONS = {
  USERS_READ: { service: 'Users', description: "List the company's users" },
  USERS_WRITE: { service: 'Users', description: "Add, change and delete the company's users" },
  SERVERS_READ: { service: 'Servers', description: "List the company's servers and licences" },
  SERVERS_WRITE: { service: 'Servers', description: 'Create, rename, lock, relax and archive licences' },
  BILLING_READ: { service: 'Billing', description: 'Read the balance, usage, bill and active services' },
  DISTRIBUTOR_COMPANIES_READ: { service: 'Sub-accounts', description: 'List and describe your sub-accounts' },
  DISTRIBUTOR_COMPANIES_WRITE: { service: 'Sub-accounts', description: 'Create and change your sub-accounts' },
  ADMIN_COMPANIES_READ: { service: 'Companies', description: 'List and describe every company' },
  ADMIN_REPORTS_READ: { service: 'Reports', description: 'Read the daily statistics' },
} as const;

export type TokenPermission = keyof typeof TOKEN_PERMISSIONS;
export const TOKEN_PERMISSION_NAMES = Object.keys(TOKEN_PERMISSIONS) as TokenPermission[];

/** How the platform refuses a request made with a token (spec-2 §8 token failures). */
export const TOKEN_AUTH_MESSAGES = {
  /** Unknown, revoked, expired, or its user or company gone: 401. */
  invalid: 'The API token is not valid',
  /** A call no permission covers, or one the token was not given: 403. */
  notPermitted: 'The API token does not have permission for this call',
} as const;

/** Whether a user of this company type may give a token the permission. */
export function permissionOffered(permission: string, companyType: string, isAdmin: boolean): boolean {
  if (permission.startsWith('ADMIN_')) return isAdmin;
  if (permission.startsWith('DISTRIBUTOR_')) return companyType === 'distributor';
  return true;
}
