import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../tenancy/tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One row per signed-in request, written in batches by the platform's request-log writer. */
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

export const errorReports = pgTable(
  'error_reports',
  {
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
  },
  // Counts an address's anonymous reports of the last hour (the per-address limit).
  (t) => [index('error_reports_anonymous_ip_idx').on(t.ip, t.created_at).where(sql`${t.user_id} is null`)],
);
