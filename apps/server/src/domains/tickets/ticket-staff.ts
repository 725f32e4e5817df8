import type { CallData } from '@portal/contract/shared/define-call';
import { TICKET_MESSAGES, TICKET_TYPES, UPDATE_GROUPING_MS, type TicketUpdateType } from '@portal/contract/tickets/ticket-fields';
import type {
  addTag,
  changeTagColor,
  closeTicket,
  setAssignees,
  setEscalation,
  setPriority,
  setStatus,
  setTopic,
} from '@portal/contract/tickets/ticket-staff';
import { isAdmin } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import { notifyClosed } from './ticket-mail.ts';
import * as tags from './queries/tags.ts';
import * as q from './queries/tickets.ts';
import * as timeline from './queries/timeline.ts';
import { actsAsSupport, remindAt, requireTicket } from './scope.ts';
import { changeStamp, stampSeenBy } from './stamps.ts';

/**
 * Every change gives the ticket a new hash and update time, so open pages and the lists learn of it. A change
 * only staff may see (notes, assignees) moves staff's alone: a customer's page, list and stream are not told of
 * it (docs/decisions/0074, 0097). The answer is the new hash as the caller knows it.
 */
async function touch(
  ctx: CallContext,
  ticket: q.TicketRow,
  changes: Parameters<typeof q.updateTicket>[2] = {},
  news: q.TicketNews = 'everyone',
) {
  const stamp = changeStamp(ctx, news);
  const open = changes.open ?? ticket.open;
  await q.updateTicket(ctx.db, ticket.id, {
    ...changes,
    ...stamp,
    remind_at: open ? remindAt(ctx.clock.now(), changes.reminder_period ?? ticket.reminder_period) : null,
  });
  return { hash: stampSeenBy(ctx, { ...ticket, ...stamp }).hash };
}

async function record(ctx: CallContext, ticketId: number, type: TicketUpdateType, oldState: string | null, newState: string | null) {
  const now = ctx.clock.now();
  await timeline.addUpdate(ctx.db, {
    ticket_id: ticketId,
    user_id: ctx.actor.userId,
    type,
    old_state: oldState,
    new_state: newState,
    created_at: now,
    updated_at: now,
  });
}

const without = (list: string[], drop: string[]) => list.filter((x) => !drop.includes(x));

/**
 * Tag and assignee changes by one user within 30 s of their last such change share one update row
 * (docs/decisions/0032). The caller holds the ticket's row lock, so the latest update cannot change
 * under it: two parallel changes group instead of both starting a row.
 */
export async function recordGrouped(ctx: CallContext, ticketId: number, type: 'tags' | 'assignees', added: string[], removed: string[]) {
  if (!added.length && !removed.length) return;
  const now = ctx.clock.now();
  const latest = await timeline.latestUpdate(ctx.db, ticketId);
  if (
    latest &&
    latest.type === type &&
    latest.user_id === ctx.actor.userId &&
    now.getTime() - latest.updated_at.getTime() <= UPDATE_GROUPING_MS
  ) {
    // Adding what the group removed (or the reverse) cancels out.
    const nextAdded = [...without(latest.added, removed), ...without(added, latest.removed)];
    const nextRemoved = [...without(latest.removed, added), ...without(removed, latest.added)];
    if (!nextAdded.length && !nextRemoved.length) await timeline.deleteUpdate(ctx.db, latest.id);
    else
      await timeline.regroupUpdate(ctx.db, latest.id, {
        added: [...new Set(nextAdded)],
        removed: [...new Set(nextRemoved)],
        updated_at: now,
      });
    return;
  }
  await timeline.addUpdate(ctx.db, {
    ticket_id: ticketId,
    user_id: ctx.actor.userId,
    type,
    added,
    removed,
    created_at: now,
    updated_at: now,
  });
}

export async function addNote(ctx: CallContext, input: { target_ticket_id: number; target_note_content: string }) {
  const ticket = await requireTicket(ctx, input.target_ticket_id, true);
  const now = ctx.clock.now();
  const note = await timeline.insertNote(ctx.db, {
    ticket_id: ticket.id,
    user_id: ctx.actor.userId,
    note: input.target_note_content,
    created_at: now,
    updated_at: now,
  });
  await touch(ctx, ticket, {}, 'staff');
  return { id: note.id };
}

export async function editNote(ctx: CallContext, input: { target_ticket_id: number; target_note_id: number; target_note_content: string }) {
  const ticket = await requireTicket(ctx, input.target_ticket_id, true);
  if (!(await timeline.updateNote(ctx.db, ticket.id, input.target_note_id, input.target_note_content, ctx.clock.now()))) {
    throw notFound(TICKET_MESSAGES.noteNotFound);
  }
  await touch(ctx, ticket, {}, 'staff');
  return null;
}

export async function removeNote(ctx: CallContext, input: { target_ticket_id: number; target_note_id: number }) {
  const ticket = await requireTicket(ctx, input.target_ticket_id, true);
  if (!(await timeline.deleteNote(ctx.db, ticket.id, input.target_note_id))) throw notFound(TICKET_MESSAGES.noteNotFound);
  await touch(ctx, ticket, {}, 'staff');
  return null;
}

export async function changeTopic(ctx: CallContext, input: CallData<typeof setTopic>) {
  const ticket = await requireTicket(ctx, input.target_ticket_id, true);
  const name = (n: number) => TICKET_TYPES[n as keyof typeof TICKET_TYPES] ?? String(n);
  if (ticket.type !== input.target_new_value) await record(ctx, ticket.id, 'topic', name(ticket.type), name(input.target_new_value));
  return touch(ctx, ticket, { type: input.target_new_value });
}

export async function changeStatus(ctx: CallContext, input: CallData<typeof setStatus>) {
  const ticket = await requireTicket(ctx, input.target_ticket_id, true);
  if (ticket.status !== input.target_new_value) await record(ctx, ticket.id, 'status', ticket.status, input.target_new_value);
  return touch(ctx, ticket, { status: input.target_new_value });
}

export async function changePriority(ctx: CallContext, input: CallData<typeof setPriority>) {
  const ticket = await requireTicket(ctx, input.target_ticket_id, true);
  if (ticket.priority !== input.target_new_value) await record(ctx, ticket.id, 'priority', ticket.priority, input.target_new_value);
  return touch(ctx, ticket, { priority: input.target_new_value });
}

/** L1 and L2 move freely; L3 is an admin's, and once reached it stays (spec-1 §4). */
export async function changeEscalation(ctx: CallContext, input: CallData<typeof setEscalation>) {
  const ticket = await requireTicket(ctx, input.target_ticket_id, true);
  const next = input.target_new_value;
  if (ticket.escalation === 3 && next !== 3) throw badInput({ target_new_value: TICKET_MESSAGES.escalationFinal });
  if (next === 3 && ticket.escalation !== 3 && !isAdmin(ctx.actor)) throw badInput({ target_new_value: TICKET_MESSAGES.escalationL3 });
  if (ticket.escalation !== next) await record(ctx, ticket.id, 'escalation', `L${ticket.escalation}`, `L${next}`);
  return touch(ctx, ticket, { escalation: next });
}

export async function changeReminder(ctx: CallContext, input: { target_ticket_id: number; target_reminder_period: number }) {
  const ticket = await requireTicket(ctx, input.target_ticket_id, true);
  if (ticket.reminder_period !== input.target_reminder_period) {
    await record(ctx, ticket.id, 'reminder', String(ticket.reminder_period), String(input.target_reminder_period));
  }
  return touch(ctx, ticket, { reminder_period: input.target_reminder_period });
}

export async function close(ctx: CallContext, input: CallData<typeof closeTicket>) {
  const ticket = await requireTicket(ctx, input.target_ticket_id, true);
  if (!ticket.open) throw new AppError(400, TICKET_MESSAGES.alreadyClosed);
  const other = input.target_reason === 'other';
  if (other && !input.target_other_reason) throw badInput({ target_other_reason: TICKET_MESSAGES.otherReason });
  await record(ctx, ticket.id, 'closed', null, input.target_reason);
  const answer = await touch(ctx, ticket, {
    open: false,
    closed_at: ctx.clock.now(),
    closed_by_user_id: ctx.actor.userId,
    closed_reason: input.target_reason,
    closed_other_reason: other ? input.target_other_reason : null,
    closed_resolution: other ? null : (input.target_resolution ?? 'no'),
  });
  // Only an admin may close without telling the customer (spec-1 §5).
  const skip = input.target_skip_notification && isAdmin(ctx.actor);
  const reason = other ? (input.target_other_reason ?? 'other') : input.target_reason;
  if (actsAsSupport(ctx) && !skip) await notifyClosed(ctx, ticket, reason);
  return answer;
}

export async function reopen(ctx: CallContext, input: { target_ticket_id: number }) {
  const ticket = await requireTicket(ctx, input.target_ticket_id, true);
  if (ticket.open) throw new AppError(400, TICKET_MESSAGES.alreadyOpen);
  await record(ctx, ticket.id, 'reopened', null, null);
  return touch(ctx, ticket, {
    open: true,
    closed_at: null,
    closed_by_user_id: null,
    closed_reason: null,
    closed_other_reason: null,
    closed_resolution: null,
  });
}

const tagView = (t: tags.TagRow) => ({ id: t.id, tag: t.tag, color: t.color });

export async function listAllTags(ctx: CallContext) {
  return (await tags.allTags(ctx.db)).map(tagView);
}

export async function tagTicket(ctx: CallContext, input: CallData<typeof addTag>) {
  const ticket = await requireTicket(ctx, input.target_ticket_id, true);
  const tag = await tags.tagNamed(ctx.db, input.target_tag_input, ctx.clock.now());
  if (await tags.linkTag(ctx.db, ticket.id, tag.id)) await recordGrouped(ctx, ticket.id, 'tags', [tag.tag], []);
  return { ...(await touch(ctx, ticket)), tag: tagView(tag) };
}

export async function untagTicket(ctx: CallContext, input: { target_ticket_id: number; target_tag_id: number }) {
  const ticket = await requireTicket(ctx, input.target_ticket_id, true);
  const tag = await tags.findTag(ctx.db, input.target_tag_id);
  if (!tag || !(await tags.unlinkTag(ctx.db, ticket.id, tag.id))) throw notFound(TICKET_MESSAGES.tagNotFound);
  await recordGrouped(ctx, ticket.id, 'tags', [], [tag.tag]);
  return touch(ctx, ticket);
}

export async function recolorTag(ctx: CallContext, input: CallData<typeof changeTagColor>) {
  const tag = await tags.setTagColor(ctx.db, input.target_tag_id, input.target_color.toLowerCase());
  if (!tag) throw notFound(TICKET_MESSAGES.tagNotFound);
  return tagView(tag);
}

export async function assignable(ctx: CallContext) {
  return (await tags.availableAssignees(ctx.db)).map((u) => ({ id: u.id, contact_name: u.contact_name }));
}

export async function assign(ctx: CallContext, input: CallData<typeof setAssignees>) {
  const ticket = await requireTicket(ctx, input.target_ticket_id, true);
  const wanted = [...new Set(input.target_user_ids)];
  const staff = await tags.availableAssignees(ctx.db);
  const byId = new Map(staff.map((u) => [u.id, u]));
  if (wanted.some((id) => !byId.has(id))) throw badInput({ target_user_ids: TICKET_MESSAGES.assignee });
  const before = await tags.assigneesOf(ctx.db, ticket.id);
  const beforeIds = before.map((a) => a.id);
  await tags.replaceAssignees(ctx.db, ticket.id, wanted);
  const added = wanted.filter((id) => !beforeIds.includes(id)).map((id) => byId.get(id)?.contact_name ?? String(id));
  const removed = before.filter((a) => !wanted.includes(a.id)).map((a) => a.contact_name);
  await recordGrouped(ctx, ticket.id, 'assignees', added, removed);
  return touch(ctx, ticket, {}, 'staff');
}
