import type { CallContext } from '../../platform/context.ts';
import * as notifications from '../notifications/service.ts';
import { ticketMailHeaders } from './mail-address.ts';
import * as tags from './queries/tags.ts';
import * as q from './queries/tickets.ts';

/**
 * Mail about a ticket goes through the outbox, so a refused call sends nothing. Staff replies and the
 * closing go to the person the ticket is for; a customer's reply goes to the ticket's assignees.
 * Nobody is mailed about their own words.
 */
async function customerOf(ctx: CallContext, ticket: q.TicketRow) {
  const person = await q.personOf(ctx.db, ticket.user_id);
  if (!person || person.deleted_at || person.user_id === ctx.actor.userId) return null;
  return { email: person.email, name: person.contact_name, company_id: person.company_id, user_id: person.user_id };
}

const author = async (ctx: CallContext) => (await q.personOf(ctx.db, ctx.actor.userId))?.contact_name || 'Support';

export async function notifyComment(ctx: CallContext, ticket: q.TicketRow, body: string, bySupport: boolean): Promise<void> {
  const by = await author(ctx);
  const mail = { ticketId: ticket.id, subject: ticket.subject, by, body };
  if (bySupport) {
    const to = await customerOf(ctx, ticket);
    if (to)
      await notifications.sendTicketMail(ctx, {
        to,
        mail: { kind: 'reply', ...mail },
        headers: ticketMailHeaders(ctx.config, ticket.id, to.user_id),
      });
    return;
  }
  const assignees = await tags.assigneesOf(ctx.db, ticket.id);
  const people = await q.peopleOf(
    ctx.db,
    assignees.map((a) => a.id),
  );
  for (const p of people) {
    if (p.deleted_at || p.user_id === ctx.actor.userId) continue;
    await notifications.sendTicketMail(ctx, {
      to: { email: p.email, name: p.contact_name, company_id: p.company_id },
      mail: { kind: 'customer_reply', ...mail },
      headers: ticketMailHeaders(ctx.config, ticket.id, p.user_id),
    });
  }
}

export async function notifyClosed(ctx: CallContext, ticket: q.TicketRow, reason: string): Promise<void> {
  const to = await customerOf(ctx, ticket);
  if (to)
    await notifications.sendTicketMail(ctx, {
      to,
      mail: {
        kind: 'closed',
        ticketId: ticket.id,
        subject: ticket.subject,
        by: await author(ctx),
        body: reason,
      },
      headers: ticketMailHeaders(ctx.config, ticket.id, to.user_id),
    });
}
