import { sql } from 'drizzle-orm';
import type { CompanyState, CompanyType } from '@portal/contract/shared/fields';
import type { StaffRole } from '@portal/contract/shared/roles';
import { boolean, index, integer, pgTable, pgView, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../tenancy/tables.ts';
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

/** Server-side sessions. `id` is the SHA-256 of the cookie token, so a database leak yields no usable cookie. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The admin who is signed in as `user_id`, while impersonating. */
    impersonator_user_id: integer('impersonator_user_id').references(() => users.id),
    csrf_token: text('csrf_token').notNull(),
    ip: text('ip').notNull().default(''),
    user_agent: text('user_agent').notNull().default(''),
    created_at: ts('created_at').notNull(),
    last_seen_at: ts('last_seen_at').notNull(),
    expires_at: ts('expires_at').notNull(),
    /** Shown to the user in the session list and used to sign it out; unrelated to the cookie. */
    public_id: text('public_id').notNull().unique(),
    /** When the user last proved who they are (sign-in or re-check); risky actions need it recent. */
    authenticated_at: ts('authenticated_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/** Solved bot challenges, kept until they expire so one solution cannot be replayed. */
export const usedBotChallenges = pgTable('used_bot_challenges', {
  signature: text('signature').primaryKey(),
  expires_at: ts('expires_at').notNull(),
});

/**
 * A user with the company fields sign-in needs: a view the users domain publishes (migration 0006),
 * so every session resolves in one query without reading the users and companies tables.
 */
export const userAccounts = pgView('user_accounts', {
  user_id: integer('user_id').notNull(),
  email: text('email').notNull(),
  contact_name: text('contact_name').notNull(),
  staff_role: text('staff_role').$type<StaffRole>(),
  deleted_at: ts('deleted_at'),
  company_id: integer('company_id').notNull(),
  company_type: text('company_type').$type<CompanyType>().notNull(),
  current_state: text('current_state').$type<CompanyState>().notNull(),
  require_two_factor: boolean('require_two_factor').notNull(),
  distributor_id: integer('distributor_id'),
  can_have_comet_storage: boolean('can_have_comet_storage').notNull(),
  has_contract_billing: boolean('has_contract_billing').notNull(),
  myclient_portal_enabled: boolean('myclient_portal_enabled').notNull(),
}).existing();
