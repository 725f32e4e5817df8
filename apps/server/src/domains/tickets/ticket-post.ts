/**
 * Other domains' way to say something on a ticket (docs/decisions/0045): a comment written as the caller,
 * with everything a comment brings (new hash, Answered for staff, the customer's mail).
 */
import { TICKET_MESSAGES } from '@portal/contract/tickets/ticket-fields';
import type { CallContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { requireTicket } from './scope.ts';
import { saveComment } from './ticket-view.ts';

/** A ticket's search id as staff type it: '12' or '#12'; null when it is no ticket number. */
export function ticketIdOf(searchId: string): number | null {
  const digits = /^#?(\d{1,9})$/.exec(searchId.trim())?.[1];
  return digits ? Number(digits) : null;
}

/** Comments on a ticket of the given company; another company's ticket answers as a missing one. */
export async function postComment(ctx: CallContext, input: { ticket_id: number; company_id: number; body: string }) {
  const ticket = await requireTicket(ctx, input.ticket_id, true);
  if (ticket.company_id !== input.company_id) throw notFound(TICKET_MESSAGES.notFound);
  return saveComment(ctx, ticket, input.body);
}
