import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zId } from '../shared/fields.ts';
import {
  COMMENT_MAX,
  FEATURE_REQUEST_TYPE,
  SERVER_OPERATING_SYSTEMS,
  SUBJECT_MAX,
  TICKET_MESSAGES,
  TICKET_TYPES,
} from './ticket-fields.ts';

/** A server the create form offers (spec-1 §3). */
export const zTicketServer = z.object({
  type: z.enum(['self-hosted', 'comet-hosted']),
  version: z.string(),
  hosted_server_name: z.string().nullable(),
  hosted_server_region: z.string().nullable(),
  is_outdated: z.boolean(),
});
export type TicketServer = z.infer<typeof zTicketServer>;

export const ticketsCreatePage = defineCall({
  path: '/api/v1/web/TicketsCreatePage.json',
  summary:
    "What the create form needs: the company's servers and users and the ticket types offered. Staff name the company (target_id); others get their own.",
  input: z.object({ target_id: zId.optional() }),
  output: z.object({
    company_id: zId,
    company_name: z.string(),
    servers: z.array(zTicketServer),
    users: z.array(z.object({ id: zId, contact_name: z.string(), email: z.string() })),
    ticket_types: z.array(z.object({ value: z.number().int(), label: z.string() })),
  }),
  access: { roles: ['customer', 'distributor', 'admin', 'support', 'sales'], capability: 'use_tickets_page' },
});

const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null);

export const createTicket = defineCall({
  path: '/api/v1/tickets/create_ticket',
  summary:
    'Opens a ticket with its first comment; answers the new id. Staff open it for a company (target_id) and a user of it, incoming or outgoing (admins).',
  input: z.object({
    target_id: zId.optional(),
    target_direction: z.enum(['incoming', 'outgoing']).optional(),
    target_user_id: zId.optional(),
    target_ticket_type: z
      .number({ error: TICKET_MESSAGES.type })
      .int({ error: TICKET_MESSAGES.type })
      .refine((n) => n === FEATURE_REQUEST_TYPE || n in TICKET_TYPES, { error: TICKET_MESSAGES.type }),
    target_ticket_subject: z.string().trim().min(1, { error: TICKET_MESSAGES.subject }).max(SUBJECT_MAX),
    target_server_version: optionalText(50),
    target_server_os: z.enum(SERVER_OPERATING_SYSTEMS).nullable().default(null),
    target_message_overview: z.string().trim().min(1, { error: TICKET_MESSAGES.overview }).max(COMMENT_MAX),
    target_message_device_details: optionalText(COMMENT_MAX),
    target_message_extra: optionalText(COMMENT_MAX),
    target_attachments: z.array(zId).max(50).default([]),
  }),
  output: zId,
  access: { roles: ['customer', 'distributor', 'admin', 'support', 'sales'], capability: 'use_tickets_page' },
  example: {
    target_ticket_type: 2,
    target_ticket_subject: 'Backups fail',
    target_server_version: null,
    target_server_os: null,
    target_message_overview: 'Since Monday',
    target_message_device_details: null,
    target_message_extra: null,
    target_attachments: [],
  },
});
