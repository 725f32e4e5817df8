import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../companies/tables.ts';
import { users } from '../users/tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Failed sign-in counters, one row per key ('account:<email>' or 'address:<ip>'). Written outside the
 * call's transaction, so a refused sign-in still counts.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  window_started_at: ts('window_started_at').notNull(),
  last_failure_at: ts('last_failure_at').notNull(),
  blocked_until: ts('blocked_until'),
});

/** A sign-in whose first factor was accepted and which waits for the second; keyed by the SHA-256 of a cookie token. */
export const pendingLogins = pgTable(
  'pending_logins',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    first_factor: text('first_factor').notNull(),
    webauthn_challenge: text('webauthn_challenge'),
    attempts: integer('attempts').notNull().default(0),
    created_at: ts('created_at').notNull(),
    expires_at: ts('expires_at').notNull(),
  },
  (t) => [index('pending_logins_user_idx').on(t.user_id)],
);

/** External single sign-on (OIDC) for a company's users whose email has the domain. */
export const companySso = pgTable(
  'company_sso',
  {
    company_id: integer('company_id')
      .primaryKey()
      .references(() => companies.id),
    enabled: boolean('enabled').notNull().default(false),
    issuer: text('issuer').notNull(),
    client_id: text('client_id').notNull(),
    client_secret: text('client_secret').notNull().default(''),
    email_domain: text('email_domain').notNull(),
    updated_at: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('company_sso_domain_unique').on(t.email_domain).where(sql`${t.enabled}`)],
);

/** One OIDC round trip in flight: the state sent to the provider, with its nonce and PKCE verifier. */
export const ssoStates = pgTable('sso_states', {
  state: text('state').primaryKey(),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id),
  email: text('email').notNull(),
  nonce: text('nonce').notNull(),
  code_verifier: text('code_verifier').notNull(),
  redirect_to: text('redirect_to').notNull().default('/'),
  browser_timezone: text('browser_timezone'),
  expires_at: ts('expires_at').notNull(),
});
