import { z } from 'zod';

/** spec-1 §3 enumerations. */
export const TICKET_STATUSES = [
  'New',
  'Answered',
  'Awaiting response',
  'Solved unconfirmed',
  'Need investigation',
  'Need decision',
  'Need development (feature)',
  'Need development (bug)',
  'Needs review',
  'Escalated',
  'On hold',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const zTicketStatus = z.enum(TICKET_STATUSES);

/** Statuses that count as waiting for staff (spec-2 §4). */
export const WAITING_STATUSES: readonly TicketStatus[] = ['New', 'Escalated', 'Needs review'];

export const TICKET_PRIORITIES = ['Critical', 'Important', 'Needs Response', 'Default', 'Low', 'Frozen'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const zTicketPriority = z.enum(TICKET_PRIORITIES);

export const ESCALATION_MAX = 3;
export const zEscalation = z.number().int().min(1).max(ESCALATION_MAX);

/** Ticket types by their number on the wire, 1–9 in the spec's order; -1 is the feature-request pseudo type (docs/decisions/0031). */
export const TICKET_TYPES = {
  1: 'Comet Backup Software',
  2: 'General',
  3: 'Billing',
  4: 'Licenses',
  5: 'Sales',
  6: 'CloudView',
  7: 'Server',
  8: 'Client',
  9: 'Hosted',
} as const;
export type TicketType = keyof typeof TICKET_TYPES;
export const FEATURE_REQUEST_TYPE = -1;
export const CLOUDVIEW_TYPE = 6;
/** Server, Client and Hosted are staff's to set, never offered on the form (spec-1 §5). */
export const TYPES_NOT_OFFERED: readonly number[] = [7, 8, 9];
export const zTicketType = z
  .number()
  .int()
  .refine((n) => n in TICKET_TYPES, { error: 'Please choose a ticket type' });

/** The types the form offers: CloudView only with the client portal capability. */
export function offeredTicketTypes(hasClientPortal: boolean): TicketType[] {
  return (Object.keys(TICKET_TYPES).map(Number) as TicketType[]).filter(
    (t) => !TYPES_NOT_OFFERED.includes(t) && (t !== CLOUDVIEW_TYPE || hasClientPortal),
  );
}

export const TICKET_CLOSE_REASONS = ['resolved', 'expired', 'other'] as const;
export type TicketCloseReason = (typeof TICKET_CLOSE_REASONS)[number];
/** 'Was a Comet update required' (spec-1 §5). */
export const TICKET_RESOLUTIONS = ['no', 'yes-bug-fixed', 'yes-feature-added'] as const;
export type TicketResolution = (typeof TICKET_RESOLUTIONS)[number];

export const TICKET_UPDATE_TYPES = [
  'opened',
  'closed',
  'reopened',
  'tags',
  'topic',
  'status',
  'priority',
  'escalation',
  'assignees',
  'reminder',
  /** On both tickets of a merge: old_state names the merged ticket, new_state the one it went into (docs/decisions/0044). */
  'merged',
] as const;
export type TicketUpdateType = (typeof TICKET_UPDATE_TYPES)[number];

export const SERVER_OPERATING_SYSTEMS = ['Windows', 'Linux', 'N/A'] as const;

export const REMINDER_PERIOD_DEFAULT = 7;
export const REMINDER_PERIOD_MAX = 31;
/** Tag and assignee changes by one user within this window share one update row (spec-1 §9). */
export const UPDATE_GROUPING_MS = 30_000;
export const TICKET_POLL_MS = 30_000;
/** Comments longer than this many lines fold behind Read more (spec-1 §9). */
export const READ_MORE_LINES = 20;
/** Attachments of this many bytes or more are refused (spec-1 §5). */
export const ATTACHMENT_LIMIT_BYTES = 500_000_000;

export const TICKET_MESSAGES = {
  notFound: 'Ticket not found',
  subject: 'Please enter a subject',
  overview: 'Please describe the problem',
  type: 'Please choose a ticket type',
  typeNotOffered: 'This ticket type cannot be chosen',
  featureRequest: 'Feature requests go to the feature voting board',
  user: 'Please choose a user of the company',
  direction: 'Only an admin can set the direction',
  body: 'Please enter a comment',
  closedNoComment: 'This ticket is closed. Please reopen it or create a new ticket',
  hashChanged: 'The ticket has changed since the page was loaded. Please reload it',
  companyChanged: 'The ticket belongs to another company now. Please reload it',
  alreadyClosed: 'This ticket is already closed',
  alreadyOpen: 'This ticket is already open',
  otherReason: 'Please enter the other reason',
  noteNotFound: 'Note not found',
  note: 'Please enter a note',
  reminder: 'Please enter a number from 1 to 31',
  escalationFinal: 'An escalation to L3 cannot be undone',
  escalationL3: 'Only an admin can escalate to L3',
  tag: 'Please enter a tag',
  tagNotFound: 'Tag not found',
  color: 'Please enter a colour as six hex digits',
  assignee: 'Assignees must be staff',
  attachment: 'Attachment not found',
  unknownUser: '(Unknown or deleted user account)',
} as const;

/** Staff text answers; notes and comments allow long text but not unbounded. */
export const COMMENT_MAX = 100_000;
export const SUBJECT_MAX = 200;
