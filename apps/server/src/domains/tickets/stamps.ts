/**
 * A ticket's two stamps of its last change (docs/decisions/0097): the company's (`hash`, `updated_at`,
 * `updated_by_*`) and staff's (`staff_*`). Every change writes through changeStamp and every reader reads through
 * stampSeenBy, so what a page was given and what it is later compared with are always the same stamp.
 */
import type { CallContext } from '../../platform/context.ts';
import type * as q from './queries/tickets.ts';
import { actsAsSupport, newHash } from './scope.ts';

/**
 * The columns a change writes. Every change gives the staff stamp a new hash, time and author; a change the
 * ticket's company may see gives its stamp the same, and a staff-only one (notes, assignees) leaves it as it was,
 * so nothing a customer reads tells that staff wrote about the ticket. The two stamps are equal until a
 * staff-only change and again after the next change everyone sees.
 */
export function changeStamp(ctx: CallContext): Stamp;
export function changeStamp(ctx: CallContext, news: q.TicketNews): StaffStamp | Stamp;
export function changeStamp(ctx: CallContext, news: q.TicketNews = 'everyone'): StaffStamp | Stamp {
  const hash = newHash();
  const now = ctx.clock.now();
  const by = { user: ctx.actor.userId, support: actsAsSupport(ctx) };
  const staff = { staff_hash: hash, staff_updated_at: now, staff_updated_by_user_id: by.user, staff_updated_by_support: by.support };
  if (news === 'staff') return staff;
  return { ...staff, hash, updated_at: now, updated_by_user_id: by.user, updated_by_support: by.support };
}

type StaffStamp = Pick<q.TicketRow, 'staff_hash' | 'staff_updated_at' | 'staff_updated_by_user_id' | 'staff_updated_by_support'>;
type Stamp = StaffStamp & Pick<q.TicketRow, 'hash' | 'updated_at' | 'updated_by_user_id' | 'updated_by_support'>;

type Stamps = Pick<q.TicketRow, 'hash' | 'updated_at' | 'staff_hash' | 'staff_updated_at'>;

/**
 * The ticket's hash and update time as the caller knows them: staff acting as themselves, who see every change
 * (the same rule that shows them notes and sends them staff news, live.ts), the staff stamp; anyone else the
 * company's. By the caller, not by the call, since get_hash knows only the caller.
 */
export function stampSeenBy(ctx: CallContext, ticket: Stamps): { hash: string; updated_at: Date } {
  return actsAsSupport(ctx)
    ? { hash: ticket.staff_hash, updated_at: ticket.staff_updated_at }
    : { hash: ticket.hash, updated_at: ticket.updated_at };
}
