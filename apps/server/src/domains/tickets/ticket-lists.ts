import type { CallData } from '@portal/contract/shared/define-call';
import type { adminTicketsList, TicketListRow, ticketsList } from '@portal/contract/tickets/ticket-lists';
import type { CallContext } from '../../platform/context.ts';
import * as lists from './queries/lists.ts';
import { actsAsSupport } from './scope.ts';

type ListInput = CallData<typeof ticketsList> | CallData<typeof adminTicketsList>;

/**
 * Staff acting as themselves get the staff stamp and the assignees; anyone else their company's stamp and no
 * assignees, nor a filter by them, which would tell who is assigned (docs/decisions/0097).
 */
async function page(ctx: CallContext, input: ListInput, companyId: number | null) {
  const staff = actsAsSupport(ctx);
  const { rows, total, total_capped } = await lists.pageTickets(ctx.db, {
    staff,
    companyId,
    open: input.target_open === 1,
    statuses: input.target_statuses,
    assignee: !staff ? null : input.target_assignee === 'me' ? ctx.actor.userId : input.target_assignee,
    escalation: input.target_escalation,
    search: input.target_search_query,
    order: input.target_order,
    direction: input.target_order_direction,
    limit: input.page_size,
    offset: (input.page - 1) * input.page_size,
  });
  return {
    total,
    total_capped,
    rows: rows.map(
      (r): TicketListRow => ({
        id: r.t.id,
        subject: r.t.subject,
        status: r.t.status,
        open: r.t.open ? 1 : 0,
        type: r.t.type,
        priority: r.t.priority,
        escalation: r.t.escalation,
        tags: r.tags,
        assignees: r.assignees,
        user_contact_name: r.user_contact_name,
        initiator_contact_name: r.user_contact_name,
        company_id: r.t.company_id,
        company_name: r.company_name,
        company_state: r.company_state,
        company_is_vip: r.company_is_vip,
        bump_count: r.t.bump_count,
        updated_at: r.t.updated_at.toISOString(),
        updated_by_company: !r.t.updated_by_support,
        updated_by_user: r.updated_by_user,
        created_at: r.t.created_at.toISOString(),
        closed_at: r.t.closed_at?.toISOString() ?? null,
        closed_reason: r.t.closed_reason,
        ticket_closed_other_reason: r.t.closed_other_reason,
        comment_count: r.comment_count,
      }),
    ),
  };
}

/** /support: only the caller's own company, whoever they are. */
export function listOwn(ctx: CallContext, input: CallData<typeof ticketsList>) {
  return page(ctx, input, ctx.actor.companyId);
}

/** /mytickets: every company's. */
export function listAll(ctx: CallContext, input: CallData<typeof adminTicketsList>) {
  return page(ctx, input, null);
}
