import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
    /** Headers of its own, such as a ticket notification's Message-ID and Reply-To (docs/decisions/0046). */
    headers: jsonb('headers').$type<Record<string, string>>(),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.next_attempt_at).where(sql`${t.sent_at} is null`)],
);

/**
 * The request rate limit's counters, one row per client key, shared by every app node so that N nodes do
 * not give a client N budgets (platform/rate-limit-store.ts, docs/decisions/0052). Unlogged (migration 0036):
 * a hit does not wait for a WAL flush, and a crash only starts every window afresh.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    window_started_at: ts('window_started_at').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.window_started_at)],
);

/**
 * Each scheduled job's latest run, one row per job, written by the scheduler after every run on any node
 * (platform/job-runs.ts), for the admins' job status screen (docs/decisions/0079). Its last error stays until the
 * next failure replaces it, so a job that failed at night and recovered still shows what went wrong.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  last_started_at: ts('last_started_at'),
  last_duration_ms: integer('last_duration_ms'),
  last_rows: integer('last_rows'),
  /** Null until the job has run; false when its latest run failed. */
  last_succeeded: boolean('last_succeeded'),
  last_error: text('last_error'),
  last_error_at: ts('last_error_at'),
});
