import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zTimestamp } from '../shared/fields.ts';
import { zTicketId } from './ticket-view.ts';

/** Merge and PDF export (docs/decisions/0044): beyond the spec, staff's tools for one company's tickets. */
export const MERGE_MESSAGES = {
  self: 'A ticket cannot be merged into itself',
  otherCompany: 'Only tickets of the same company can be merged',
  /** The merged ticket's answer to any change: a pointer to where its conversation went. */
  merged: (into: number) => `This ticket was merged into #${into}`,
} as const;

const STAFF = { roles: ['admin', 'support'] } as const;

export const zMergeCandidate = z.object({
  id: z.number().int(),
  subject: z.string(),
  open: z.boolean(),
  updated_at: zTimestamp,
});
export type MergeCandidate = z.infer<typeof zMergeCandidate>;

export const MERGE_CANDIDATES_MAX = 20;

export const ticketMergeCandidates = defineCall({
  path: '/api/v1/tickets/merge_candidates',
  summary: 'Tickets of the same company this ticket can be merged into, newest first, found by id or by words of the subject; at most 20.',
  input: z.object({ target_ticket_id: zTicketId, target_search: z.string().trim().max(200).default('') }),
  output: z.array(zMergeCandidate),
  access: STAFF,
  example: { target_ticket_id: 1, target_search: 'backup' },
});

export const mergeTicket = defineCall({
  path: '/api/v1/tickets/merge_ticket',
  summary:
    'Moves the ticket’s comments, notes, attachments and updates into another ticket of the same company and closes it with a pointer there. Notes stay staff-only; both tickets get an update row.',
  input: z.object({ target_ticket_id: zTicketId, target_merge_into_ticket_id: zTicketId }),
  /** `id` is the ticket merged into (the page goes there); `hash` the merged ticket's new one, as for any change to it. */
  output: z.object({ id: z.number().int(), hash: z.string() }),
  access: STAFF,
  example: { target_ticket_id: 2, target_merge_into_ticket_id: 1 },
  conflict: 'The ticket has already been merged into another; the message names it.',
});

export const exportTicketPdf = defineCall({
  path: '/api/v1/tickets/export_pdf',
  summary:
    'The ticket as a PDF. Staff choose whether internal notes and updates are included; anyone else gets their own view, without them. GET with ?target_ticket_id= opens the file.',
  input: z.object({
    target_ticket_id: zTicketId,
    target_include_notes: z.boolean().default(false),
  }),
  output: z.object({ filename: z.string(), pdf_base64: z.string() }),
  access: { roles: ['customer', 'distributor', 'admin', 'support', 'sales'], capability: 'use_tickets_page' },
  file: 'pdf',
  example: { target_ticket_id: 1, target_include_notes: true },
});
