/** Every table of every domain, for Drizzle and drizzle-kit. Domains import their own tables directly. */
export * from '../domains/account/tables.ts';
export * from '../domains/auth/tables.ts';
export * from '../domains/companies/tables.ts';
export * from '../domains/security/tables.ts';
export * from '../domains/users/tables.ts';
export * from './tables.ts';
