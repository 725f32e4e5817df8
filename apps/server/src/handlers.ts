import { accountHandlers } from './domains/account/routes.ts';
import { adminToolHandlers } from './domains/admin-tools/routes.ts';
import { authHandlers, authRedirects } from './domains/auth/routes.ts';
import { billingHandlers } from './domains/billing/routes.ts';
import { companyHandlers } from './domains/companies/routes.ts';
import { customerPortalHandlers } from './domains/customer-portal/routes.ts';
import { downloadHandlers } from './domains/downloads/routes.ts';
import { helpHandlers } from './domains/help/routes.ts';
import { notificationHandlers } from './domains/notifications/routes.ts';
import { paymentHandlers } from './domains/payments/routes.ts';
import { reportHandlers } from './domains/reports/routes.ts';
import { securityHandlers } from './domains/security/routes.ts';
import { serverHandlers } from './domains/servers/routes.ts';
import { manageStorageHandlers } from './domains/storage/manage-storage.ts';
import { storageHandlers } from './domains/storage/routes.ts';
import { ticketHandlers } from './domains/tickets/routes.ts';
import { tokenHandlers } from './domains/tokens/routes.ts';
import type { Handler, RedirectRoute } from './platform/handle.ts';

/** Every domain's handlers; the app checks at start that each contract has exactly one. */
export const ALL_HANDLERS: readonly Handler[] = [
  ...authHandlers,
  ...accountHandlers,
  ...companyHandlers,
  ...securityHandlers,
  ...adminToolHandlers,
  ...notificationHandlers,
  ...billingHandlers,
  ...paymentHandlers,
  ...helpHandlers,
  ...serverHandlers,
  ...ticketHandlers,
  ...tokenHandlers,
  ...downloadHandlers,
  ...storageHandlers,
  ...manageStorageHandlers,
  ...customerPortalHandlers,
  ...reportHandlers,
];

/** The few GET routes that do their work and redirect the browser. */
export const ALL_REDIRECTS: readonly RedirectRoute[] = [...authRedirects];
