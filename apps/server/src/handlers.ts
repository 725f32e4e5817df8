import { accountHandlers } from './domains/account/routes.ts';
import { adminToolHandlers } from './domains/admin-tools/routes.ts';
import { authHandlers } from './domains/auth/routes.ts';
import { companyHandlers } from './domains/companies/routes.ts';
import { securityHandlers } from './domains/security/routes.ts';
import { userHandlers } from './domains/users/routes.ts';
import type { Handler } from './platform/handle.ts';

/** Every domain's handlers; the app checks at start that each contract has exactly one. */
export const ALL_HANDLERS: readonly Handler[] = [
  ...authHandlers,
  ...accountHandlers,
  ...companyHandlers,
  ...userHandlers,
  ...securityHandlers,
  ...adminToolHandlers,
];
