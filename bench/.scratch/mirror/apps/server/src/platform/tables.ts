import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../domains/companies/tables.ts';
import { users } from '../domains/users/tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

export const requestLog = pgTable(
  'request_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    user_id: integer('user_id'),
    ip: text('ip').notNull(),
    method: text('method').notNull(),
    uri: text('uri').notNull(),
    created_at: ts('created_at').notNull(),
  },
  (t) => [index('request_log_company_idx').on(t.company_id, t.created_at)],
);

export const errorReports = pgTable('error_reports', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  code: text('code').notNull().unique(),
  error_name: text('error_name').notNull(),
  error_message: text('error_message').notNull(),
  error_stack: text('error_stack').notNull(),
  error_metadata: jsonb('error_metadata').notNull(),
  user_id: integer('user_id'),
  company_id: integer('company_id'),
  ip: text('ip').notNull(),
  created_at: ts('created_at').notNull(),
});
