import type { CallData } from '@portal/contract/shared/define-call';
import { TICKET_MESSAGES } from '@portal/contract/tickets/ticket-fields';
import type { createComment, Ticket } from '@portal/contract/tickets/ticket-view';
import { isAdmin } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import * as billing from '../billing/service.ts';
import * as tenancy from '../tenancy/service.ts';
import { renderMarkdown } from '../../platform/markdown.ts';
import { notifyComment } from './ticket-mail.ts';
import * as tags from './queries/tags.ts';
import * as q from './queries/tickets.ts';
import * as timeline from './queries/timeline.ts';
import { actsAsSupport, remindAt, requireTicket } from './scope.ts';
import { changeStamp, stampSeenBy } from './stamps.ts';

const iso = (d: Date) => d.toISOString();

/** "Ada Lovelace" becomes "Ada L." for ordinary users (spec-1 §6). */
export function shortName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0] ?? '';
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

async function customerInfo(ctx: CallContext, companyId: number): Promise<Ticket['customer_info']> {
  const company = await tenancy.requireCompany(ctx, { companyId, mode: 'read' });
  const distributor = company.distributor_id === null ? null : await tenancy.findCompany(ctx, { companyId: company.distributor_id });
  const sales = company.sales_id === null ? null : await q.personOf(ctx.db, company.sales_id);
  // The figures the customer's own dashboard shows, from the same source.
  const figures = await billing.companyFigures(ctx, { companyId: company.id });
  return {
    company_is_vip: company.is_vip,
    hosted_server_count: figures.hosted_consoles,
    has_comet_storage: company.has_comet_storage,
    account_balance: figures.balance,
    device_count: figures.devices_online,
    company_created_at: iso(company.created_at),
    company_country: company.country,
    company_timezone: null,
    sales: sales?.contact_name ?? null,
    distributor: distributor?.company_name ?? null,
  };
}

/** One reader for both pages: staff get notes, updates and the customer panel, others none of them. */
export async function view(ctx: CallContext, ticketId: number, asStaff: boolean): Promise<Ticket> {
  const ticket = await requireTicket(ctx, ticketId);
  const staff = asStaff && actsAsSupport(ctx);
  const [company, comments, files, tagRows, assignees, initiator, closer] = await Promise.all([
    q.companyOf(ctx.db, ticket.company_id),
    q.listComments(ctx.db, ticket.id),
    q.attachmentsOfTicket(ctx.db, ticket.id),
    tags.tagsOf(ctx.db, ticket.id),
    tags.assigneesOf(ctx.db, ticket.id),
    q.personOf(ctx.db, ticket.user_id),
    q.personOf(ctx.db, ticket.closed_by_user_id),
  ]);
  const closerName =
    closer && !closer.deleted_at ? (staff || isAdmin(ctx.actor) ? closer.contact_name : shortName(closer.contact_name)) : null;
  const stamp = stampSeenBy(ctx, ticket);
  return {
    id: ticket.id,
    hash: stamp.hash,
    company_id: ticket.company_id,
    company_name: company?.company_name ?? '',
    subject: ticket.subject,
    open: ticket.open ? 1 : 0,
    status: ticket.status,
    type: ticket.type,
    priority: ticket.priority,
    escalation: ticket.escalation,
    reminder_period: ticket.reminder_period,
    direction: ticket.direction,
    created_at: iso(ticket.created_at),
    updated_at: iso(stamp.updated_at),
    closed_at: ticket.closed_at ? iso(ticket.closed_at) : null,
    user_closed: ticket.closed_at && closerName !== null ? { contact_name: closerName } : null,
    closed_reason: ticket.closed_reason,
    ticket_closed_other_reason: ticket.closed_other_reason,
    closed_resolution: ticket.closed_resolution,
    server_operating_system: ticket.server_operating_system,
    server_version: ticket.server_version,
    server_is_outdated: ticket.server_is_outdated,
    initiator_contact_name: initiator && !initiator.deleted_at ? initiator.contact_name : null,
    tags: tagRows.map((t) => ({ id: t.id, tag: t.tag, color: t.color })),
    assignees: staff ? assignees : [],
    comments: comments.map((c) => ({
      id: c.id,
      created_at: iso(c.created_at),
      is_support_user: c.is_support_user,
      is_markdown: c.is_markdown,
      username: c.username,
      company_name: c.company_name,
      comment: c.comment,
      comment_html: c.comment_html,
      attachments: files
        .filter((f) => f.comment_id === c.id)
        .map((f) => ({ id: f.id, filename: f.filename, filesize: f.filesize, mime_type: f.mime_type })),
    })),
    notes: staff
      ? (await timeline.listNotes(ctx.db, ticket.id)).map((n) => ({
          id: n.id,
          note: n.note,
          username: n.username,
          created_at: iso(n.created_at),
        }))
      : [],
    updates: staff
      ? (await timeline.listUpdates(ctx.db, ticket.id)).map((u) => ({
          id: u.id,
          type: u.type,
          old_state: u.old_state,
          new_state: u.new_state,
          created_at: iso(u.created_at),
          user: { contact_name: u.contact_name },
          added: u.added,
          removed: u.removed,
          tag: u.type === 'tags' ? ([...u.added, ...u.removed][0] ?? null) : null,
          assignee: u.type === 'assignees' ? ([...u.added, ...u.removed][0] ?? null) : null,
        }))
      : [],
    customer_info: staff ? await customerInfo(ctx, ticket.company_id) : null,
    merged_into: ticket.merged_into_ticket_id,
  };
}

export async function getHash(ctx: CallContext, ticketId: number) {
  return { hash: stampSeenBy(ctx, await requireTicket(ctx, ticketId)).hash };
}

export async function preview(_ctx: CallContext, input: { target_body: string }): Promise<string> {
  return renderMarkdown(input.target_body);
}

/**
 * A customer's comment counts as a bump until staff answer; a staff reply marks the ticket Answered.
 * The page's hash and company must still be the ticket's, so a stale page cannot post over news. The hash is
 * the one the caller was given: a customer's page is not refused for a note it cannot see (decision 0097).
 */
export async function addComment(ctx: CallContext, input: CallData<typeof createComment>) {
  const ticket = await requireTicket(ctx, input.target_ticket_id, true);
  const support = actsAsSupport(ctx);
  if (input.expect_company_id !== ticket.company_id) throw new AppError(409, TICKET_MESSAGES.companyChanged);
  if (input.expect_ticket_hash !== stampSeenBy(ctx, ticket).hash) throw new AppError(409, TICKET_MESSAGES.hashChanged);
  if (!ticket.open && !isAdmin(ctx.actor) && !support) throw new AppError(400, TICKET_MESSAGES.closedNoComment);
  const uploads = await q.unattachedUploads(ctx.db, ctx.actor.userId, input.target_attachments);
  if (uploads.length !== new Set(input.target_attachments).size) throw badInput({ target_attachments: TICKET_MESSAGES.attachment });
  return saveComment(ctx, ticket, input.target_body, input.target_attachments);
}

/** Writes a comment on a ticket the caller holds locked, and everything a comment changes: hash, bump, status, mail. */
export async function saveComment(ctx: CallContext, ticket: q.TicketRow, body: string, attachmentIds: number[] = []) {
  const support = actsAsSupport(ctx);
  const now = ctx.clock.now();
  const comment = await q.insertComment(ctx.db, {
    ticket_id: ticket.id,
    user_id: ctx.actor.userId,
    is_support_user: support,
    comment: body,
    comment_html: renderMarkdown(body),
    created_at: now,
  });
  await q.attachUploads(ctx.db, attachmentIds, ticket.id, comment.id);
  const stamp = changeStamp(ctx);
  await q.updateTicket(ctx.db, ticket.id, {
    ...stamp,
    bump_count: support ? 0 : ticket.bump_count + 1,
    remind_at: ticket.open ? remindAt(now, ticket.reminder_period) : null,
    ...(support && ticket.open ? { status: 'Answered' as const } : {}),
  });
  await notifyComment(ctx, ticket, body, support);
  return { hash: stampSeenBy(ctx, { ...ticket, ...stamp }).hash };
}
