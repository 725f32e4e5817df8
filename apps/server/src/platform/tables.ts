import { sql } from 'drizzle-orm';
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
    /** Shown to the user in the session list and used to sign it out; unrelated to the cookie. */
    public_id: text('public_id').notNull().unique(),
    /** When the user last proved who they are (sign-in or re-check); risky actions need it recent. */
    authenticated_at: ts('authenticated_at').notNull(),
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

/**
 * Every mail the portal sends, written in the call's transaction and delivered after it commits
 * (transactional outbox), so a rolled-back call sends nothing and a down relay loses nothing.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    template: text('template').notNull(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body').notNull(),
    company_id: integer('company_id'),
    created_at: ts('created_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: ts('next_attempt_at').notNull(),
    sent_at: ts('sent_at'),
    last_error: text('last_error'),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.next_attempt_at).where(sql`${t.sent_at} is null`)],
);
