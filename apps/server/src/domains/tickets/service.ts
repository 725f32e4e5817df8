/**
 * Tickets' API for other domains (rank 8, docs/decisions/0045): admin tools find the ticket staff named and say
 * something on it. The scheduled jobs are in jobs.ts.
 */
import type { CallContext } from '../../platform/context.ts';
import * as post from './ticket-post.ts';

/** A ticket's search id as staff type it ('12' or '#12') as its ticket id; null when it is no ticket number. */
// biome-ignore lint/correctness/noUnusedFunctionParameters: every function of a domain's API takes the call's context first, this pure one too
export function ticketIdOf(ctx: Pick<CallContext, 'clock'>, input: { searchId: string }) {
  return post.ticketIdOf(input.searchId);
}

/** Comments on a ticket of the given company as the caller, with all a comment brings; another company's ticket is missing. */
export function postTicketComment(ctx: CallContext, input: { ticket_id: number; company_id: number; body: string }) {
  return post.postComment(ctx, input);
}
