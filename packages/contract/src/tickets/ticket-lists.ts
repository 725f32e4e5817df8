import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyState, zId, zTimestamp } from '../shared/fields.ts';
import { zCappedPageOf, zPaging } from '../shared/paging.ts';
import { TICKET_CLOSE_REASONS, zEscalation, zTicketPriority, zTicketStatus } from './ticket-fields.ts';
import { zAssignee } from './ticket-view.ts';

/** Ticket lists page by 20; the support variant by 1000 (spec-2 §9). */
export const TICKET_PAGE_SIZE = 20;
export const SUPPORT_TICKET_PAGE_SIZE = 1000;
/** Subjects are cut at 90 characters in the lists; weeks since update group up to '4+'. */
export const SUBJECT_LIST_MAX = 90;
export const WEEKS_GROUP_CAP = 4;

export const TICKET_LIST_ORDER = ['updated_at', 'created_at', 'id', 'subject', 'status', 'priority', 'company_name'] as const;

/** A ticket list row (spec-2 §3). */
export const zTicketListRow = z.object({
  id: zId,
  subject: z.string(),
  status: zTicketStatus,
  open: z.union([z.literal(0), z.literal(1)]),
  type: z.number().int(),
  priority: zTicketPriority,
  escalation: zEscalation,
  tags: z.array(z.object({ tag: z.string(), color: z.string() })),
  /** Staff's to see: empty for anyone else, as on the ticket page. */
  assignees: z.array(zAssignee),
  user_contact_name: z.string().nullable(),
  initiator_contact_name: z.string().nullable(),
  company_id: zId,
  company_name: z.string(),
  company_state: zCompanyState,
  company_is_vip: z.boolean(),
  bump_count: z.number().int().min(0),
  /** The last change the caller may see (docs/decisions/0097): notes and assignees move only staff's. */
  updated_at: zTimestamp,
  /** Whether the customer's side made that change (false: staff). */
  updated_by_company: z.boolean(),
  updated_by_user: z.string().nullable(),
  created_at: zTimestamp,
  closed_at: zTimestamp.nullable(),
  closed_reason: z.enum(TICKET_CLOSE_REASONS).nullable(),
  ticket_closed_other_reason: z.string().nullable(),
  comment_count: z.number().int().min(0),
});
export type TicketListRow = z.infer<typeof zTicketListRow>;

const filters = {
  target_order_direction: z.enum(['asc', 'desc']).default('desc'),
  /** 1: open tickets, 0: closed. */
  target_open: z.union([z.literal(0), z.literal(1)]).default(1),
  target_statuses: z.array(zTicketStatus).max(20).default([]),
  /** A staff user's id, or 'me' for the caller (the Assigned tab). */
  target_assignee: z
    .union([zId, z.literal('me')])
    .nullable()
    .default(null),
  target_escalation: zEscalation.nullable().default(null),
};

/**
 * A ticket search counts its matches exactly up to this many; past it the list answers this number with
 * `total_capped: true` ("1,000+"): a search is for finding a ticket, and one that matches more is refined,
 * not paged (docs/decisions/0069).
 */
export const TICKET_SEARCH_COUNT_CAP = 1000;

export const ticketsList = defineCall({
  path: '/api/v1/web/TicketsList.json',
  summary: "The caller's company's tickets, open or closed (/support), newest change first, 20 per page.",
  input: zPaging(TICKET_LIST_ORDER, TICKET_PAGE_SIZE).extend(filters),
  output: zCappedPageOf(zTicketListRow),
  access: { roles: ['any'], capability: 'use_tickets_page' },
});

export const adminTicketsList = defineCall({
  path: '/api/v1/web/AdminTicketsList.json',
  summary:
    'Every company’s tickets for support and admins (/mytickets): open or closed, by status, assignee and escalation, with full-text search over subjects and comments (a number also finds that ticket id).',
  input: zPaging(TICKET_LIST_ORDER, TICKET_PAGE_SIZE).extend(filters),
  output: zCappedPageOf(zTicketListRow),
  access: { roles: ['admin', 'support'] },
});
