import { TICKET_MESSAGES } from '@portal/contract/tickets/ticket-fields';
import { createComment } from '@portal/contract/tickets/ticket-view';
import type { Config } from '../../config.ts';
import { requireAccess } from '../../platform/access.ts';
import { type Cookies, type Logger, runInContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppDeps } from '../../platform/handle.ts';
import * as auth from '../auth/service.ts';
import { readReplyAddress, ticketsReferenced } from './mail-address.ts';
import { takeMailReply } from './queries/mail-replies.ts';
import { actsAsSupport, requireTicket } from './scope.ts';
import { stampSeenBy } from './stamps.ts';
import { addComment } from './ticket-view.ts';

/** A mail answer as the listener parsed it. */
export interface MailReply {
  /** The envelope recipient the relay gave (the reply address). */
  to: string;
  /** The address in the From header. */
  from: string;
  messageId: string | null;
  /** In-Reply-To and References, in order. */
  threading: string[];
  text: string;
  attachments: number;
  /** Auto-Submitted, Precedence and the like, lower case; an out-of-office answer is not a comment. */
  automatic: boolean;
}

/** What the listener says to the relay: accepted (a comment, or quietly dropped), or refused with a bounce. */
export type ReplyOutcome = { accepted: true; comment: boolean } | { accepted: false; code: number; message: string };

export const MAIL_REPLY_MESSAGES = {
  unknownAddress: 'No such ticket address',
  wrongSender: 'This reply address belongs to another sender; please answer from the address the notification was sent to',
  otherTicket: 'This mail answers another ticket; please answer that ticket’s own notification',
  closed: (link: string) => `This ticket is closed. Please reopen it at ${link} or create a new ticket`,
  empty: 'The reply holds no text above the quoted notification',
  attachments: '_Files attached to the mail were not added; please upload them on the ticket page._',
} as const;

const refuse = (message: string, code = 550): ReplyOutcome => ({ accepted: false, code, message });

/** The reply address, checked at RCPT TO so a forged address is refused before any data is sent. */
export const recipientTicket = (config: Config, address: string) => readReplyAddress(config, address);

/**
 * The new text of a reply: the lines above the quoted notification. Mail programs quote with '>' lines after an
 * 'On <date>, <name> wrote:' line, or put the old mail under an '-----Original Message-----' or 'From:' block.
 */
export function stripQuoted(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (/^\s*>/.test(line)) break;
    if (/^-{2,}\s*Original Message\s*-{2,}/i.test(line.trim())) break;
    if (/^_{8,}$/.test(line.trim()) || /^From:\s.+/i.test(line)) break;
    // "On Tue, 24 Nov 2026 at 14:00, Support <…> wrote:" may be folded over two or three lines.
    if (
      /^On\s/i.test(line.trim()) &&
      [1, 2, 3].some((n) =>
        /wrote:\s*$/i.test(
          lines
            .slice(i, i + n)
            .join(' ')
            .trim(),
        ),
      )
    )
      break;
    kept.push(line);
  }
  // A signature block ("-- " on its own line) is not part of the answer either.
  const sig = kept.indexOf('-- ');
  return (sig >= 0 ? kept.slice(0, sig) : kept).join('\n').trim();
}

const NO_COOKIES: Cookies = {
  get: () => undefined,
  set: () => {
    throw new Error('a mail reply sets no cookies');
  },
  clear: () => {},
};

/**
 * A reply to a ticket notification becomes a comment of the address's user, by the rules of create_comment
 * (docs/decisions/0046): the user must still see the ticket, the mail must come from their address, a customer
 * cannot answer a closed ticket (the relay bounces the refusal back to them with the way to reopen it). One
 * transaction, holding the ticket's lock, so the comment, its new hash and its notifications go together.
 */
export async function commentFromMail(deps: AppDeps, mail: MailReply, log: Logger): Promise<ReplyOutcome> {
  const target = recipientTicket(deps.config, mail.to);
  if (!target) return refuse(MAIL_REPLY_MESSAGES.unknownAddress);
  const actor = await auth.actorWithoutSession(deps, { userId: target.userId });
  if (!actor) return refuse(MAIL_REPLY_MESSAGES.unknownAddress);
  if (mail.from.trim().toLowerCase() !== actor.email.toLowerCase()) return refuse(MAIL_REPLY_MESSAGES.wrongSender);
  if (ticketsReferenced(deps.config, mail.threading).some((id) => id !== target.ticketId)) return refuse(MAIL_REPLY_MESSAGES.otherTicket);
  // Out-of-office answers and list traffic would otherwise talk to each other through the ticket.
  if (mail.automatic) return { accepted: true, comment: false };
  const text = stripQuoted(mail.text);
  if (!text) return refuse(MAIL_REPLY_MESSAGES.empty);
  const body = mail.attachments > 0 ? `${text}\n\n${MAIL_REPLY_MESSAGES.attachments}` : text;
  if (!createComment.input.shape.target_body.safeParse(body).success) return refuse(MAIL_REPLY_MESSAGES.empty);

  const source = { actor, ip: 'mail', userAgent: 'reply by mail', cookies: NO_COOKIES, log, onMail: () => deps.mailQueued() };
  try {
    return await runInContext(deps, source, async (ctx) => {
      const c = ctx as Parameters<typeof addComment>[0];
      requireAccess(createComment.access, actor);
      const ticket = await requireTicket(c, target.ticketId, true);
      if (mail.messageId && !(await takeMailReply(c.db, mail.messageId, ticket.id, c.clock.now()))) {
        return { accepted: true, comment: false } as const;
      }
      if (!ticket.open && !actsAsSupport(c) && !actor.roles.includes('admin')) {
        throw new AppError(400, MAIL_REPLY_MESSAGES.closed(`${deps.config.PUBLIC_URL.replace(/\/$/, '')}/tickets/${ticket.id}`));
      }
      await addComment(c, {
        target_ticket_id: ticket.id,
        target_body: body,
        target_attachments: [],
        expect_ticket_hash: stampSeenBy(c, ticket).hash,
        expect_company_id: ticket.company_id,
      });
      return { accepted: true, comment: true } as const;
    });
  } catch (err) {
    if (err instanceof AppError) {
      // A ticket the user may no longer see answers as an unknown address, as a missing ticket does on the page.
      if (err.message === TICKET_MESSAGES.notFound || err.code === 401 || err.code === 403)
        return refuse(MAIL_REPLY_MESSAGES.unknownAddress);
      return refuse(err.message);
    }
    throw err;
  }
}
