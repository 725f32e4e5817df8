import type { CompanyState, CompanyType } from '@portal/contract/shared/fields';
import type { StaffRole } from '@portal/contract/shared/roles';
import { boolean, index, integer, pgTable, pgView, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../tenancy/tables.ts';
import { users } from '../users/tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * API tokens (migration 0015). `token_hash` is the SHA-256 of the token, so a database leak yields no usable
 * token; `prefix` is the token's first characters, for the masked list. `last_event_at` throttles the
 * company event a use writes (docs/decisions/0030).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    token_hash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    /** What the user calls it ("Backup script on nas-01"), so tokens can be told apart; '' when unnamed. */
    name: text('name').notNull().default(''),
    permissions: text('permissions').array().notNull(),
    created_at: ts('created_at').notNull(),
    revoked_at: ts('revoked_at'),
    expires_at: ts('expires_at'),
    last_used_at: ts('last_used_at'),
    last_used_ip: text('last_used_ip'),
    last_event_at: ts('last_event_at'),
  },
  (t) => [uniqueIndex('api_tokens_hash_unique').on(t.token_hash), index('api_tokens_user_idx').on(t.user_id, t.created_at)],
);

/**
 * The users domain's `user_accounts` view (migration 0006), read here so a token resolves to its user and
 * company in one query, as a session does in auth.
 */
export const tokenUserAccounts = pgView('user_accounts', {
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
