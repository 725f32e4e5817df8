import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCents, zId, zTimestamp } from '../shared/fields.ts';
import { zOwnedId } from '../shared/owned-id.ts';
import {
  COMMENT_MAX,
  TICKET_CLOSE_REASONS,
  TICKET_MESSAGES,
  TICKET_RESOLUTIONS,
  TICKET_UPDATE_TYPES,
  zEscalation,
  zTicketPriority,
  zTicketStatus,
} from './ticket-fields.ts';

export const zTicketId = zOwnedId('ticket', TICKET_MESSAGES.notFound);

export const zTag = z.object({ id: zId, tag: z.string(), color: z.string() });
export type Tag = z.infer<typeof zTag>;

export const zAttachment = z.object({ id: zId, filename: z.string(), filesize: z.number().int().min(0), mime_type: z.string() });

export const zComment = z.object({
  id: zId,
  created_at: zTimestamp,
  is_support_user: z.boolean(),
  is_markdown: z.boolean(),
  /** null: the user is unknown or deleted; the page shows '(Unknown or deleted user account)'. */
  username: z.string().nullable(),
  company_name: z.string().nullable(),
  comment: z.string(),
  /** Rendered on the server and sanitized: no script, no event handlers, only safe links. */
  comment_html: z.string(),
  attachments: z.array(zAttachment),
});
export type Comment = z.infer<typeof zComment>;

export const zNote = z.object({ id: zId, note: z.string(), username: z.string().nullable(), created_at: zTimestamp });
export type Note = z.infer<typeof zNote>;

export const zUpdate = z.object({
  id: zId,
  type: z.enum(TICKET_UPDATE_TYPES),
  old_state: z.string().nullable(),
  new_state: z.string().nullable(),
  created_at: zTimestamp,
  user: z.object({ contact_name: z.string().nullable() }),
  /** Tags or assignees added and removed, for the grouped tag and assignee updates. */
  added: z.array(z.string()),
  removed: z.array(z.string()),
  /**
   * spec-1 §3: the tag a tags update added or removed (the first added, else the first removed, when one user's
   * changes within 30 s are grouped: `added` and `removed` name them all); null for other updates.
   */
  tag: z.string().nullable(),
  /** The same for an assignees update: the assignee's name; null for other updates. */
  assignee: z.string().nullable(),
});
export type Update = z.infer<typeof zUpdate>;

export const zAssignee = z.object({ id: zId, contact_name: z.string() });

/** The customer info panel staff see (spec-1 §6); null for ordinary users. */
export const zCustomerInfo = z.object({
  company_is_vip: z.boolean(),
  hosted_server_count: z.number().int().min(0),
  has_comet_storage: z.boolean(),
  account_balance: zCents,
  device_count: z.number().int().min(0),
  company_created_at: zTimestamp,
  company_country: z.string(),
  /** An IANA zone guessed from the company's users' browsers, or null. */
  company_timezone: z.string().nullable(),
  sales: z.string().nullable(),
  distributor: z.string().nullable(),
});

export const zTicket = z.object({
  id: zId,
  /**
   * Changes with every change the caller may see: staff acting as themselves see every change, anyone else not
   * notes nor assignees (docs/decisions/0097). The same as get_hash answers the caller, and create_comment expects.
   */
  hash: z.string(),
  company_id: zId,
  company_name: z.string(),
  subject: z.string(),
  open: z.union([z.literal(0), z.literal(1)]),
  status: zTicketStatus,
  type: z.number().int(),
  priority: zTicketPriority,
  escalation: zEscalation,
  reminder_period: z.number().int(),
  direction: z.enum(['incoming', 'outgoing']),
  created_at: zTimestamp,
  /** The last change the caller may see, as for `hash`. */
  updated_at: zTimestamp,
  closed_at: zTimestamp.nullable(),
  /** Staff see the closer's full name, ordinary users first name plus last initial. */
  user_closed: z.object({ contact_name: z.string() }).nullable(),
  closed_reason: z.enum(TICKET_CLOSE_REASONS).nullable(),
  ticket_closed_other_reason: z.string().nullable(),
  closed_resolution: z.enum(TICKET_RESOLUTIONS).nullable(),
  server_operating_system: z.string(),
  server_version: z.string(),
  server_is_outdated: z.boolean(),
  initiator_contact_name: z.string().nullable(),
  tags: z.array(zTag),
  assignees: z.array(zAssignee),
  comments: z.array(zComment),
  /** Empty for ordinary users: notes and updates are staff's. */
  notes: z.array(zNote),
  updates: z.array(zUpdate),
  customer_info: zCustomerInfo.nullable(),
  /** Set once staff merged this ticket into another: the page points there (docs/decisions/0044). */
  merged_into: z.number().int().nullable(),
});
export type Ticket = z.infer<typeof zTicket>;

const ticketInput = z.object({ target_ticket_id: zTicketId });
const TICKET_READERS = ['customer', 'distributor', 'admin', 'support', 'sales'] as const;

export const ticketsViewPage = defineCall({
  path: '/api/v1/web/TicketsViewPage.json',
  summary:
    'A ticket as its company sees it: no notes, no updates, closer names shortened. Another company’s ticket answers as a missing one.',
  input: ticketInput,
  output: zTicket,
  access: { roles: TICKET_READERS, capability: 'use_tickets_page' },
});

export const adminTicketsViewPage = defineCall({
  path: '/api/v1/web/AdminTicketsViewPage.json',
  summary: 'A ticket with its notes, updates, assignees and the customer info panel, for support and admins.',
  input: ticketInput,
  output: zTicket,
  access: { roles: ['admin', 'support'] },
});

export const getTicketHash = defineCall({
  path: '/api/v1/tickets/get_hash',
  summary:
    'The ticket’s current hash as the caller sees it (notes and assignees change only staff’s); the open page polls it every 30 s and reloads when it changes.',
  input: ticketInput,
  output: z.object({ hash: z.string() }),
  access: { roles: TICKET_READERS, capability: 'use_tickets_page' },
});

const zBody = z
  .string()
  .max(COMMENT_MAX)
  .refine((s) => s.trim() !== '', { error: TICKET_MESSAGES.body });

export const previewComment = defineCall({
  path: '/api/v1/tickets/preview_comment',
  summary: 'The comment’s markdown rendered to sanitized HTML, as it would be stored.',
  input: z.object({ target_body: zBody }),
  output: z.string(),
  access: { roles: TICKET_READERS, capability: 'use_tickets_page' },
  example: { target_body: '**Hello**' },
});

export const createComment = defineCall({
  path: '/api/v1/tickets/create_comment',
  summary:
    'Adds a comment. Refused when the ticket changed since the page loaded (expect_ticket_hash, expect_company_id); ordinary users comment only on open tickets.',
  input: z.object({
    target_ticket_id: zTicketId,
    target_body: zBody,
    target_attachments: z.array(zId).max(50).default([]),
    expect_ticket_hash: z.string().max(64),
    expect_company_id: zId,
  }),
  output: z.object({ hash: z.string() }),
  access: { roles: TICKET_READERS, capability: 'use_tickets_page' },
  example: { target_ticket_id: 1, target_body: 'Thanks', target_attachments: [], expect_ticket_hash: 'x', expect_company_id: 1 },
  conflict: 'The ticket changed since the page loaded (expect_ticket_hash, expect_company_id), or it has been merged into another.',
});
