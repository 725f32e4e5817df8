import { TICKET_MESSAGES } from '@portal/contract/tickets/ticket-fields';
import { MERGE_MESSAGES } from '@portal/contract/tickets/ticket-merge';
import { randomBytes } from 'node:crypto';
import { hasRole, isStaff } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import * as tenancy from '../tenancy/service.ts';
import * as q from './queries/tickets.ts';

/** A new hash for every change, so a page loaded before it can tell. */
export const newHash = () => randomBytes(12).toString('hex');

/** When a ticket without news reminds staff: its reminder period after the last change (null once closed). */
export const remindAt = (now: Date, periodDays: number) => new Date(now.getTime() + periodDays * 86_400_000);

/** Staff acting as themselves: they see notes and updates and answer as support. */
export function actsAsSupport(ctx: CallContext): boolean {
  return isStaff(ctx.actor) && !hasRole(ctx.actor, 'admin_impersonating');
}

/**
 * The ticket, if the actor may see its company (tenancy's rule: staff every company, a distributor its
 * sub-accounts, anyone else their own). A ticket the actor may not see answers exactly as a missing one.
 * `lock` holds the row until the call ends, so changes to one ticket take turns.
 */
export async function requireTicket(ctx: CallContext, id: number, lock = false): Promise<q.TicketRow> {
  const ticket = await visibleTicket(ctx, id, lock);
  // A merged ticket takes no more changes: the call answers where its conversation went (docs/decisions/0044).
  if (lock && ticket.merged_into_ticket_id !== null) throw new AppError(409, MERGE_MESSAGES.merged(ticket.merged_into_ticket_id));
  return ticket;
}

/** requireTicket without the merged rule, for the merge itself, which explains a merged ticket its own way. */
export async function visibleTicket(ctx: CallContext, id: number, lock: boolean): Promise<q.TicketRow> {
  const ticket = lock ? await q.lockTicket(ctx.db, id) : await q.findTicket(ctx.db, id);
  if (!ticket) throw notFound(TICKET_MESSAGES.notFound);
  try {
    await tenancy.requireCompany(ctx, { companyId: ticket.company_id, mode: 'read' });
  } catch (e) {
    if (e instanceof AppError && (e.code === 404 || e.code === 403)) throw notFound(TICKET_MESSAGES.notFound);
    throw e;
  }
  return ticket;
}
