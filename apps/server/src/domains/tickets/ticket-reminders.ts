import type { CallContext } from '../../platform/context.ts';
import * as notifications from '../notifications/service.ts';
import { ticketMailHeaders } from './mail-address.ts';
import * as tags from './queries/tags.ts';
import * as q from './queries/tickets.ts';
import * as timeline from './queries/timeline.ts';
import { remindAt } from './scope.ts';

const BATCH = 100;

/**
 * An open ticket without news for its reminder period (1–31 days, default 7) gets a 'reminder' update and
 * its assignees a mail; the next reminder is one period later unless something happens first.
 */
export async function remindersJob(ctx: CallContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await q.lockDueReminders(ctx.db, now, BATCH);
  for (const ticket of due) {
    await timeline.addUpdate(ctx.db, {
      ticket_id: ticket.id,
      user_id: null,
      type: 'reminder',
      new_state: String(ticket.reminder_period),
      created_at: now,
      updated_at: now,
    });
    await q.updateTicket(ctx.db, ticket.id, { reminded_at: now, remind_at: remindAt(now, ticket.reminder_period) });
    const company = await q.companyOf(ctx.db, ticket.company_id);
    const assignees = await q.peopleOf(
      ctx.db,
      (await tags.assigneesOf(ctx.db, ticket.id)).map((a) => a.id),
    );
    for (const p of assignees.filter((a) => !a.deleted_at)) {
      await notifications.sendTicketMail(ctx, {
        to: { email: p.email, name: p.contact_name, company_id: p.company_id },
        mail: {
          kind: 'reminder',
          ticketId: ticket.id,
          subject: ticket.subject,
          by: company?.company_name ?? '',
          body: String(ticket.reminder_period),
        },
        // In the ticket's thread, and answerable: a reply to the reminder is a comment on the ticket.
        headers: ticketMailHeaders(ctx.config, ticket.id, p.user_id),
      });
    }
  }
  return due.length;
}
