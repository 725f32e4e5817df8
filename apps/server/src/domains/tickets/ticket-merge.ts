/**
 * Staff merge two tickets of one company (docs/decisions/0044). The merged ticket's comments, notes,
 * attachments and updates move into the other; it is closed with a pointer there, and every later change
 * to it answers with that pointer (scope.ts). Both rows are locked lowest id first, so two merges of the
 * same pair in opposite directions take turns instead of deadlocking; the second finds one of them merged.
 * The target keeps the more urgent priority and the higher escalation of the two, so merging a duplicate
 * never quietens an urgent problem (docs/decisions/0085).
 */
import type { CallData } from '@portal/contract/shared/define-call';
import { TICKET_PRIORITIES, type TicketPriority } from '@portal/contract/tickets/ticket-fields';
import { MERGE_CANDIDATES_MAX, MERGE_MESSAGES, type mergeTicket, type ticketMergeCandidates } from '@portal/contract/tickets/ticket-merge';
import type { CallContext } from '../../platform/context.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import * as mq from './queries/merge.ts';
import * as q from './queries/tickets.ts';
import * as timeline from './queries/timeline.ts';
import { remindAt, requireTicket, visibleTicket } from './scope.ts';
import { changeStamp, stampSeenBy } from './stamps.ts';

export async function candidates(ctx: CallContext, input: CallData<typeof ticketMergeCandidates>) {
  const ticket = await requireTicket(ctx, input.target_ticket_id);
  const rows = await mq.mergeCandidates(ctx.db, ticket.company_id, ticket.id, input.target_search, MERGE_CANDIDATES_MAX);
  return rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() }));
}

/** TICKET_PRIORITIES runs from the most urgent to the least. */
const moreUrgent = (a: TicketPriority, b: TicketPriority) => (TICKET_PRIORITIES.indexOf(a) <= TICKET_PRIORITIES.indexOf(b) ? a : b);

export async function merge(ctx: CallContext, input: CallData<typeof mergeTicket>) {
  const fromId = input.target_ticket_id;
  const intoId = input.target_merge_into_ticket_id;
  if (fromId === intoId) throw badInput({ target_merge_into_ticket_id: MERGE_MESSAGES.self });
  // Lowest id first, whichever way the merge goes: the one lock order every merge shares.
  const [low, high] = fromId < intoId ? [fromId, intoId] : [intoId, fromId];
  const locked = new Map<number, q.TicketRow>();
  for (const id of [low, high]) locked.set(id, await visibleTicket(ctx, id, true));
  const from = locked.get(fromId) as q.TicketRow;
  const into = locked.get(intoId) as q.TicketRow;
  if (from.merged_into_ticket_id !== null) throw new AppError(409, MERGE_MESSAGES.merged(from.merged_into_ticket_id));
  if (into.merged_into_ticket_id !== null)
    throw badInput({ target_merge_into_ticket_id: MERGE_MESSAGES.merged(into.merged_into_ticket_id) });
  if (from.company_id !== into.company_id) throw badInput({ target_merge_into_ticket_id: MERGE_MESSAGES.otherCompany });

  await mq.moveConversation(ctx.db, from.id, into.id);
  const now = ctx.clock.now();
  // The answer's hash is the merged ticket's, as every change answers the hash of the ticket it names.
  const fromStamp = changeStamp(ctx);
  await q.updateTicket(ctx.db, from.id, {
    ...fromStamp,
    merged_into_ticket_id: into.id,
    open: false,
    closed_at: from.closed_at ?? now,
    closed_by_user_id: from.open ? ctx.actor.userId : from.closed_by_user_id,
    closed_reason: from.open ? 'other' : from.closed_reason,
    closed_other_reason: from.open ? MERGE_MESSAGES.merged(into.id) : from.closed_other_reason,
    remind_at: null,
    bump_count: 0,
  });
  const priority = moreUrgent(into.priority, from.priority);
  const escalation = Math.max(into.escalation, from.escalation);
  await q.updateTicket(ctx.db, into.id, {
    ...changeStamp(ctx),
    priority,
    escalation,
    // The merged ticket's unanswered customer comments are the target's to answer now.
    bump_count: into.bump_count + (from.open ? from.bump_count : 0),
    remind_at: into.open ? remindAt(now, into.reminder_period) : null,
  });
  for (const ticketId of [into.id, from.id])
    await timeline.addUpdate(ctx.db, {
      ticket_id: ticketId,
      user_id: ctx.actor.userId,
      type: 'merged',
      old_state: `#${from.id}`,
      new_state: `#${into.id}`,
      created_at: now,
      updated_at: now,
    });
  const change = (type: 'priority' | 'escalation', old: string, next: string) =>
    timeline.addUpdate(ctx.db, {
      ticket_id: into.id,
      user_id: ctx.actor.userId,
      type,
      old_state: old,
      new_state: next,
      created_at: now,
      updated_at: now,
    });
  if (priority !== into.priority) await change('priority', into.priority, priority);
  if (escalation !== into.escalation) await change('escalation', `L${into.escalation}`, `L${escalation}`);
  await ctx.audit(into.company_id, `Merged ticket #${from.id} "${from.subject}" into #${into.id} "${into.subject}"`);
  return { id: into.id, hash: stampSeenBy(ctx, { ...from, ...fromStamp }).hash };
}
