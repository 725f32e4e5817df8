import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zId } from '../shared/fields.ts';
import {
  COMMENT_MAX,
  REMINDER_PERIOD_MAX,
  TICKET_CLOSE_REASONS,
  TICKET_MESSAGES,
  TICKET_RESOLUTIONS,
  zEscalation,
  zTicketPriority,
  zTicketStatus,
  zTicketType,
} from './ticket-fields.ts';
import { zAssignee, zTag, zTicketId } from './ticket-view.ts';

const STAFF = { roles: ['admin', 'support'] } as const;
/** Every change to a ticket is refused once it has been merged into another (docs/decisions/0044). */
const MERGED = 'The ticket has been merged into another; the message names it.';
const zHash = z.object({ hash: z.string() });
const zNoteText = z.string().trim().min(1, { error: TICKET_MESSAGES.note }).max(COMMENT_MAX);

export const createTicketNote = defineCall({
  path: '/api/v1/tickets/create_ticket_note',
  summary: 'A staff-only note on the ticket.',
  input: z.object({ target_ticket_id: zTicketId, target_note_content: zNoteText }),
  output: z.object({ id: zId }),
  access: STAFF,
  example: { target_ticket_id: 1, target_note_content: 'Called them' },
  conflict: MERGED,
});

export const updateTicketNote = defineCall({
  path: '/api/v1/tickets/update_ticket_note',
  summary: 'Changes a note’s text.',
  input: z.object({ target_ticket_id: zTicketId, target_note_id: zId, target_note_content: zNoteText }),
  output: z.null(),
  access: STAFF,
  example: { target_ticket_id: 1, target_note_id: 1, target_note_content: 'Called them twice' },
  conflict: MERGED,
});

export const deleteTicketNote = defineCall({
  path: '/api/v1/tickets/delete_ticket_note',
  summary: 'Removes a note.',
  input: z.object({ target_ticket_id: zTicketId, target_note_id: zId }),
  output: z.null(),
  access: STAFF,
  conflict: MERGED,
});

const setter = <T extends z.ZodType>(name: string, value: T, summary: string) =>
  defineCall({
    path: `/api/v1/tickets/${name}`,
    summary,
    input: z.object({ target_ticket_id: zTicketId, target_new_value: value }),
    output: zHash,
    access: STAFF,
    conflict: MERGED,
  });

export const setTopic = setter('set_topic', zTicketType, 'Changes the ticket type (topic); an update row records it.');
export const setStatus = setter('set_status', zTicketStatus, 'Changes the status; an update row records it.');
export const setPriority = setter('set_priority', zTicketPriority, 'Changes the priority; an update row records it.');
export const setEscalation = setter(
  'set_escalation',
  zEscalation,
  'Raises the escalation level. It never goes down, and only an admin reaches L3.',
);

export const setReminderPeriod = defineCall({
  path: '/api/v1/tickets/set_reminder_period',
  summary: 'Days without news before staff are reminded, 1 to 31 (default 7).',
  input: z.object({
    target_ticket_id: zTicketId,
    target_reminder_period: z
      .number({ error: TICKET_MESSAGES.reminder })
      .int({ error: TICKET_MESSAGES.reminder })
      .min(1, { error: TICKET_MESSAGES.reminder })
      .max(REMINDER_PERIOD_MAX, { error: TICKET_MESSAGES.reminder }),
  }),
  output: zHash,
  access: STAFF,
  conflict: MERGED,
});

export const closeTicket = defineCall({
  path: '/api/v1/tickets/close_ticket',
  summary:
    "Closes with a reason (resolved by default; 'other' needs the text) and whether a Comet update was required. Admins may skip the customer's mail.",
  input: z.object({
    target_ticket_id: zTicketId,
    target_reason: z.enum(TICKET_CLOSE_REASONS).default('resolved'),
    target_other_reason: z.string().trim().max(1000).nullable().default(null),
    target_resolution: z.enum(TICKET_RESOLUTIONS).nullable().default(null),
    target_skip_notification: z.boolean().default(false),
  }),
  output: zHash,
  access: { roles: ['customer', 'distributor', 'admin', 'support'], capability: 'use_tickets_page' },
  conflict: MERGED,
});

export const reopenTicket = defineCall({
  path: '/api/v1/tickets/reopen_ticket',
  summary: 'Opens a closed ticket again (the page confirms first).',
  input: z.object({ target_ticket_id: zTicketId }),
  output: zHash,
  access: { roles: ['customer', 'distributor', 'admin', 'support'], capability: 'use_tickets_page' },
  conflict: MERGED,
});

export const listTags = defineCall({
  path: '/api/v1/tickets/list_tags',
  summary: 'Every tag staff have used, by name.',
  input: z.object({}),
  output: z.array(zTag),
  access: STAFF,
});

export const addTag = defineCall({
  path: '/api/v1/tickets/add_tag',
  summary: 'Tags the ticket, making the tag when it is new (names match whatever their case).',
  input: z.object({ target_ticket_id: zTicketId, target_tag_input: z.string().trim().min(1, { error: TICKET_MESSAGES.tag }).max(50) }),
  output: z.object({ hash: z.string(), tag: zTag }),
  access: STAFF,
  example: { target_ticket_id: 1, target_tag_input: 'billing' },
  conflict: MERGED,
});

export const removeTag = defineCall({
  path: '/api/v1/tickets/remove_tag',
  summary: 'Takes a tag off the ticket.',
  input: z.object({ target_ticket_id: zTicketId, target_tag_id: zId }),
  output: zHash,
  access: STAFF,
  conflict: MERGED,
});

export const changeTagColor = defineCall({
  path: '/api/v1/tickets/change_tag_color',
  summary: "A tag's colour, six hex digits without the hash sign; every ticket with the tag shows it.",
  input: z.object({
    target_tag_id: zId,
    target_color: z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F]{6}$/, { error: TICKET_MESSAGES.color }),
  }),
  output: zTag,
  access: STAFF,
  example: { target_tag_id: 1, target_color: 'ff8800' },
});

export const listAvailableAssignees = defineCall({
  path: '/api/v1/tickets/list_available_assignees',
  summary: 'Admin and support users who may be assigned tickets.',
  input: z.object({}),
  output: z.array(zAssignee),
  access: STAFF,
});

export const setAssignees = defineCall({
  path: '/api/v1/tickets/set_assignees',
  summary: 'The ticket’s assignees, replaced by the list (admins only).',
  input: z.object({ target_ticket_id: zTicketId, target_user_ids: z.array(zId).max(50) }),
  output: zHash,
  access: { roles: ['admin'] },
  conflict: MERGED,
});
