import { isClosed } from '@portal/contract/shared/company-states';
import type { CallData } from '@portal/contract/shared/define-call';
import type { createTicket, ticketsCreatePage, TicketServer } from '@portal/contract/tickets/ticket-create';
import {
  FEATURE_REQUEST_TYPE,
  REMINDER_PERIOD_DEFAULT,
  TICKET_MESSAGES,
  TICKET_TYPES,
  type TicketType,
  offeredTicketTypes,
} from '@portal/contract/tickets/ticket-fields';
import { isAdmin } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import * as tenancy from '../tenancy/service.ts';
import * as users from '../users/service.ts';
import { renderMarkdown } from '../../platform/markdown.ts';
import * as q from './queries/tickets.ts';
import * as timeline from './queries/timeline.ts';
import { actsAsSupport, remindAt } from './scope.ts';
import { changeStamp } from './stamps.ts';

/** Staff name the company; anyone else files for their own (a distributor too, not for a sub-account). */
async function targetCompany(ctx: CallContext, targetId: number | undefined) {
  const companyId = actsAsSupport(ctx) && targetId !== undefined ? targetId : ctx.actor.companyId;
  return tenancy.requireCompany(ctx, { companyId, mode: 'read' });
}

/**
 * The company's servers. No servers domain exists yet, so the list is empty and the form's version and
 * OS fields are typed in (docs/decisions/0031).
 */
function serversOf(_companyId: number): TicketServer[] {
  return [];
}

export async function createPage(ctx: CallContext, input: CallData<typeof ticketsCreatePage>) {
  const company = await targetCompany(ctx, input.target_id);
  const people = await users.listActiveUsers(ctx, { companyId: company.id });
  const portal = ctx.actor.capabilities.includes('use_customer_portal');
  return {
    company_id: company.id,
    company_name: company.company_name,
    servers: serversOf(company.id),
    users: people.map((u) => ({ id: u.id, contact_name: u.contact_name, email: u.email })),
    ticket_types: offeredTicketTypes(portal).map((value) => ({ value, label: TICKET_TYPES[value] })),
  };
}

/** The first comment: the form's three boxes under headings, skipping the empty ones. */
export function firstComment(
  input: Pick<CallData<typeof createTicket>, 'target_message_overview' | 'target_message_device_details' | 'target_message_extra'>,
) {
  const parts: [string, string | null][] = [
    ['Overview', input.target_message_overview],
    ['Device details', input.target_message_device_details],
    ['Anything else', input.target_message_extra],
  ];
  return parts
    .filter((p): p is [string, string] => Boolean(p[1]))
    .map(([h, text]) => `**${h}**\n\n${text}`)
    .join('\n\n');
}

export async function create(ctx: CallContext, input: CallData<typeof createTicket>): Promise<number> {
  const support = actsAsSupport(ctx);
  if (input.target_ticket_type === FEATURE_REQUEST_TYPE) throw badInput({ target_ticket_type: TICKET_MESSAGES.featureRequest });
  const portal = ctx.actor.capabilities.includes('use_customer_portal');
  // Staff may file any type (Server, Client and Hosted are theirs to choose); customers only those offered.
  if (!support && !offeredTicketTypes(portal).includes(input.target_ticket_type as TicketType)) {
    throw badInput({ target_ticket_type: TICKET_MESSAGES.typeNotOffered });
  }
  if (input.target_direction !== undefined && input.target_direction !== 'incoming' && !isAdmin(ctx.actor)) {
    throw badInput({ target_direction: TICKET_MESSAGES.direction });
  }
  const company = await targetCompany(ctx, input.target_id);
  if (isClosed(company)) throw new AppError(400, 'This company has been deleted and cannot be changed');
  let userId = ctx.actor.userId;
  if (input.target_user_id !== undefined && input.target_user_id !== ctx.actor.userId) {
    const user = await users.findUser(ctx, { userId: input.target_user_id });
    if (!support || !user || user.company_id !== company.id || user.deleted_at) throw badInput({ target_user_id: TICKET_MESSAGES.user });
    userId = user.id;
  } else if (support && company.id !== ctx.actor.companyId) {
    // Staff filing for a company without naming a user file for its primary contact.
    userId = (await users.findPrimaryContact(ctx, { companyId: company.id }))?.id ?? ctx.actor.userId;
  }
  const uploads = await q.unattachedUploads(ctx.db, ctx.actor.userId, input.target_attachments);
  if (uploads.length !== new Set(input.target_attachments).size) throw badInput({ target_attachments: TICKET_MESSAGES.attachment });
  const now = ctx.clock.now();
  const ticket = await q.insertTicket(ctx.db, {
    ...changeStamp(ctx),
    company_id: company.id,
    user_id: userId,
    created_by_user_id: ctx.actor.userId,
    direction: isAdmin(ctx.actor) ? (input.target_direction ?? 'incoming') : 'incoming',
    subject: input.target_ticket_subject,
    type: input.target_ticket_type,
    server_version: input.target_server_version ?? '',
    server_operating_system: input.target_server_os ?? '',
    reminder_period: REMINDER_PERIOD_DEFAULT,
    remind_at: remindAt(now, REMINDER_PERIOD_DEFAULT),
    created_at: now,
  });
  const body = firstComment(input);
  const comment = await q.insertComment(ctx.db, {
    ticket_id: ticket.id,
    user_id: ctx.actor.userId,
    is_support_user: support,
    comment: body,
    comment_html: renderMarkdown(body),
    created_at: now,
  });
  await q.attachUploads(ctx.db, input.target_attachments, ticket.id, comment.id);
  await timeline.addUpdate(ctx.db, { ticket_id: ticket.id, user_id: ctx.actor.userId, type: 'opened', created_at: now, updated_at: now });
  return ticket.id;
}
