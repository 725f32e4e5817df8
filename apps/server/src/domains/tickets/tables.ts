import type { CompanyState } from '@portal/contract/shared/fields';
import type {
  TicketCloseReason,
  TicketPriority,
  TicketResolution,
  TicketStatus,
  TicketUpdateType,
} from '@portal/contract/tickets/ticket-fields';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from '../tenancy/tables.ts';
import { users } from '../users/tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Support tickets (spec-1 §3 Ticket). Two stamps of the last change, so a stale page can tell (docs/decisions/0097):
 * `hash`, `updated_at` and `updated_by_*` move with changes the ticket's company may see, the `staff_*` ones with
 * every change, notes and assignees included. Staff acting as themselves read the staff stamp, everyone else the other.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    hash: text('hash').notNull(),
    staff_hash: text('staff_hash').notNull(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Who the ticket is for (the initiator); staff may open it for a user. */
    user_id: integer('user_id').references(() => users.id),
    created_by_user_id: integer('created_by_user_id').references(() => users.id),
    direction: text('direction').$type<'incoming' | 'outgoing'>().notNull().default('incoming'),
    subject: text('subject').notNull(),
    /** Ticket type (topic), 1–9 (docs/decisions/0031). */
    type: smallint('type').notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('New'),
    priority: text('priority').$type<TicketPriority>().notNull().default('Default'),
    escalation: smallint('escalation').notNull().default(1),
    open: boolean('open').notNull().default(true),
    server_operating_system: text('server_operating_system').notNull().default(''),
    server_version: text('server_version').notNull().default(''),
    server_is_outdated: boolean('server_is_outdated').notNull().default(false),
    reminder_period: smallint('reminder_period').notNull().default(7),
    /** When the reminder job next looks at the ticket; null once closed. */
    remind_at: ts('remind_at'),
    reminded_at: ts('reminded_at'),
    /** Customer comments since staff last answered, shown as exclamation marks. */
    bump_count: integer('bump_count').notNull().default(0),
    updated_by_user_id: integer('updated_by_user_id').references(() => users.id),
    updated_by_support: boolean('updated_by_support').notNull().default(false),
    staff_updated_by_user_id: integer('staff_updated_by_user_id').references(() => users.id),
    staff_updated_by_support: boolean('staff_updated_by_support').notNull().default(false),
    closed_at: ts('closed_at'),
    closed_by_user_id: integer('closed_by_user_id').references(() => users.id),
    closed_reason: text('closed_reason').$type<TicketCloseReason>(),
    closed_other_reason: text('closed_other_reason'),
    closed_resolution: text('closed_resolution').$type<TicketResolution>(),
    /** Set once staff merged this ticket into another: it answers with a pointer there (docs/decisions/0044). */
    merged_into_ticket_id: integer('merged_into_ticket_id'),
    /** Subject and every comment, for the admin list's search (GIN). */
    search: tsvector('search').notNull(),
    created_at: ts('created_at').notNull(),
    updated_at: ts('updated_at').notNull(),
    staff_updated_at: ts('staff_updated_at').notNull(),
  },
  (t) => [
    check('tickets_escalation', sql`${t.escalation} between 1 and 3`),
    check('tickets_reminder_period', sql`${t.reminder_period} between 1 and 31`),
    check('tickets_not_merged_into_self', sql`${t.merged_into_ticket_id} is null or ${t.merged_into_ticket_id} <> ${t.id}`),
    index('tickets_company_idx').on(t.company_id, t.open, t.updated_at.desc()),
    // Every company's list is staff's, newest change as they see it first.
    index('tickets_open_staff_updated_idx').on(t.open, t.staff_updated_at.desc()),
    index('tickets_search_idx').using('gin', t.search),
    index('tickets_open_search_idx').using('gin', t.search).where(sql`${t.open}`),
    index('tickets_remind_idx').on(t.remind_at).where(sql`${t.open}`),
  ],
);

/** The conversation: markdown as written and the sanitized HTML it renders to. */
export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    user_id: integer('user_id').references(() => users.id),
    is_support_user: boolean('is_support_user').notNull(),
    is_markdown: boolean('is_markdown').notNull().default(true),
    comment: text('comment').notNull(),
    comment_html: text('comment_html').notNull(),
    created_at: ts('created_at').notNull(),
  },
  (t) => [index('ticket_comments_ticket_idx').on(t.ticket_id, t.id)],
);

/** Staff-only notes. */
export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    user_id: integer('user_id').references(() => users.id),
    note: text('note').notNull(),
    created_at: ts('created_at').notNull(),
    updated_at: ts('updated_at').notNull(),
  },
  (t) => [index('ticket_notes_ticket_idx').on(t.ticket_id, t.id)],
);

/**
 * Every change, as the staff timeline shows it. Tag and assignee changes by one user within 30 s share a
 * row: `added` and `removed` hold the names (docs/decisions/0032).
 */
export const ticketUpdates = pgTable(
  'ticket_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    user_id: integer('user_id').references(() => users.id),
    type: text('type').$type<TicketUpdateType>().notNull(),
    old_state: text('old_state'),
    new_state: text('new_state'),
    added: jsonb('added').$type<string[]>().notNull().default([]),
    removed: jsonb('removed').$type<string[]>().notNull().default([]),
    created_at: ts('created_at').notNull(),
    /** Moves forward as grouped changes join the row. */
    updated_at: ts('updated_at').notNull(),
  },
  (t) => [index('ticket_updates_ticket_idx').on(t.ticket_id, t.id)],
);

/** The tag catalogue staff pick from; a tag's colour is shared by every ticket carrying it. */
export const ticketTagCatalogue = pgTable(
  'ticket_tags',
  {
    id: serial('id').primaryKey(),
    tag: text('tag').notNull(),
    /** Hex without the hash sign. */
    color: text('color').notNull().default('808080'),
    created_at: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('ticket_tags_tag_uq').on(sql`lower(${t.tag})`), check('ticket_tags_color', sql`${t.color} ~ '^[0-9a-fA-F]{6}$'`)],
);

export const ticketTagLinks = pgTable(
  'ticket_tag_links',
  {
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    tag_id: integer('tag_id')
      .notNull()
      .references(() => ticketTagCatalogue.id),
  },
  (t) => [primaryKey({ columns: [t.ticket_id, t.tag_id] }), index('ticket_tag_links_tag_idx').on(t.tag_id)],
);

export const ticketAssignees = pgTable(
  'ticket_assignees',
  {
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.ticket_id, t.user_id] }), index('ticket_assignees_user_idx').on(t.user_id)],
);

/** Files uploaded for a ticket; unattached until the ticket or comment that names them is saved. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    uploaded_by_user_id: integer('uploaded_by_user_id').references(() => users.id),
    ticket_id: integer('ticket_id').references(() => tickets.id),
    comment_id: bigint('comment_id', { mode: 'number' }).references(() => ticketComments.id),
    filename: text('filename').notNull(),
    filesize: bigint('filesize', { mode: 'number' }).notNull(),
    mime_type: text('mime_type').notNull(),
    storage_key: text('storage_key').notNull(),
    sha256: text('sha256'),
    created_at: ts('created_at').notNull(),
  },
  (t) => [
    check('ticket_attachments_size', sql`${t.filesize} >= 0 and ${t.filesize} < 500000000`),
    index('ticket_attachments_ticket_idx').on(t.ticket_id),
    index('ticket_attachments_comment_idx').on(t.comment_id),
  ],
);

/** P1 alerts (spec-2 §2.12): acknowledged by the pager's callback, escalated once to the whole rotation. */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    problem: text('problem').notNull(),
    /** null: raised by the system (the ledger check, decision 0092). */
    raised_by: integer('raised_by').references(() => users.id),
    raised_at: ts('raised_at').notNull(),
    acknowledged_at: ts('acknowledged_at'),
    escalated_at: ts('escalated_at'),
  },
  (t) => [index('alerts_unanswered_idx').on(t.raised_at).where(sql`acknowledged_at is null and escalated_at is null`)],
);

/** Every page sent for an alert, answered or not: 'on_call' first, 'escalation' to each of the rotation. */
export const alertPages = pgTable(
  'alert_pages',
  {
    id: serial('id').primaryKey(),
    alert_id: integer('alert_id')
      .notNull()
      .references(() => alerts.id),
    kind: text('kind').$type<'on_call' | 'escalation'>().notNull(),
    recipient_name: text('recipient_name').notNull(),
    recipient_address: text('recipient_address').notNull(),
    /** The receiver's HTTP status, null when none answered; `error` says why. */
    http_status: smallint('http_status'),
    error: text('error'),
    attempted_at: ts('attempted_at').notNull(),
  },
  (t) => [index('alert_pages_alert_idx').on(t.alert_id)],
);

/** What tickets need of a user: the users domain's `user_accounts` view (migration 0006). */
export const ticketPeople = pgView('user_accounts', {
  user_id: integer('user_id').notNull(),
  email: text('email').notNull(),
  contact_name: text('contact_name').notNull(),
  staff_role: text('staff_role'),
  deleted_at: ts('deleted_at'),
  company_id: integer('company_id').notNull(),
  company_type: text('company_type').notNull(),
}).existing();

/** What tickets need of a company: a view published for them (migration 0016). */
export const ticketCompanies = pgView('ticket_companies', {
  company_id: integer('company_id').notNull(),
  company_name: text('company_name').notNull(),
  current_state: text('current_state').$type<CompanyState>().notNull(),
  is_vip: boolean('is_vip').notNull(),
}).existing();

export type TicketRow = typeof tickets.$inferSelect;
export type NewTicket = typeof tickets.$inferInsert;

/** One row per open ticket stream, its `seen_at` renewed by the stream's heartbeat (docs/decisions/0047). */
export const ticketViewers = pgTable(
  'ticket_viewers',
  {
    stream_id: text('stream_id').primaryKey(),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seen_at: ts('seen_at').notNull(),
  },
  (t) => [index('ticket_viewers_ticket_idx').on(t.ticket_id, t.seen_at)],
);

/** Mail answers already made comments, by Message-ID: a relay's retry adds nothing (docs/decisions/0046). */
export const ticketMailReplies = pgTable('ticket_mail_replies', {
  message_id: text('message_id').primaryKey(),
  ticket_id: integer('ticket_id')
    .notNull()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  received_at: ts('received_at').notNull(),
});
