/**
 * Every table of every domain, for drizzle-kit and the test harness (which empties them). The app
 * knows all domains; a domain imports only its own tables.
 */
export * from './domains/admin-tools/tables.ts';
export * from './domains/auth/tables.ts';
export * from './domains/billing/tables.ts';
export * from './domains/companies/tables.ts';
export * from './domains/customer-portal/tables.ts';
export * from './domains/downloads/tables.ts';
export * from './domains/help/tables.ts';
export * from './domains/notifications/tables.ts';
export * from './domains/payments/tables.ts';
export * from './domains/reports/tables.ts';
export * from './domains/security/tables.ts';
export * from './domains/servers/tables.ts';
export * from './domains/storage/tables.ts';
export * from './domains/tenancy/tables.ts';
export * from './domains/tickets/tables.ts';
export * from './domains/tokens/tables.ts';
export * from './domains/users/tables.ts';
export * from './platform/tables.ts';
