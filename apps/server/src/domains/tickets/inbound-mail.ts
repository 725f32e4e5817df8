import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { commentFromMail, recipientTicket } from './mail-replies.ts';

/** A reply is text; 10 MB leaves room for a mail program's HTML and quoted history, and bounds memory. */
export const MAX_REPLY_BYTES = 10 * 1024 * 1024;

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/** Auto-Submitted other than "no", or bulk or list Precedence: an out-of-office answer, not a person (RFC 3834). */
function isAutomatic(headers: Map<string, unknown>): boolean {
  const auto = String(headers.get('auto-submitted') ?? 'no').toLowerCase();
  const precedence = String(headers.get('precedence') ?? '').toLowerCase();
  return auto !== 'no' || ['bulk', 'junk', 'list', 'auto_reply'].includes(precedence) || headers.has('x-autoreply');
}

const firstAddress = (from: AddressObject | AddressObject[] | undefined) => (Array.isArray(from) ? from[0] : from)?.value[0]?.address ?? '';

/**
 * The text of an HTML-only mail (mailparser renders one only when the mail has no attachments). Quoted history
 * (blockquote, Gmail's quote) goes first; the result is plain text, rendered and sanitized later like any comment.
 */
export function htmlText(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
  return html
    .replace(/<(script|style|head|blockquote)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<div[^>]*class="[^"]*gmail_quote[\s\S]*$/i, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => entities[e] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const ids = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? v.split(/\s+/) : []).filter(Boolean);

/**
 * The inbound SMTP listener that turns answers to ticket notifications into comments (docs/decisions/0046).
 * Started only when INBOUND_SMTP_PORT is set; it accepts mail for the signed reply addresses only (others are
 * refused at RCPT TO), one recipient per message, no authentication (it is the last hop, as any MX is).
 */
export function installInboundMail(app: FastifyInstance): void {
  const { config } = app.deps;
  if (config.INBOUND_SMTP_PORT === undefined) return;
  const server = new SMTPServer({
    name: config.INBOUND_MAIL_DOMAIN,
    authOptional: true,
    disabledCommands: ['AUTH'],
    size: MAX_REPLY_BYTES,
    logger: false,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length > 0) return callback(smtpError(452, 'One ticket address per message'));
      if (!recipientTicket(config, address.address)) return callback(smtpError(550, 'No such ticket address'));
      callback();
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo[0]?.address ?? '';
      simpleParser(stream, { skipHtmlToText: false, skipImageLinks: true, skipTextLinks: true })
        .then(async (parsed) => {
          if (stream.sizeExceeded) throw smtpError(552, 'Message too large');
          const outcome = await commentFromMail(
            app.deps,
            {
              to,
              from: firstAddress(parsed.from),
              messageId: parsed.messageId ?? null,
              threading: [...ids(parsed.inReplyTo), ...ids(parsed.references)],
              // A mail with HTML only is read through its text rendering; the comment is then rendered and
              // sanitized like any comment, so no markup of the mail reaches the page.
              text: parsed.text?.trim() ? parsed.text : htmlText(typeof parsed.html === 'string' ? parsed.html : ''),
              attachments: parsed.attachments.length,
              automatic: isAutomatic(parsed.headers),
            },
            app.log,
          );
          if (!outcome.accepted) throw smtpError(outcome.code, outcome.message);
          callback();
        })
        .catch((err: Error & { responseCode?: number }) => {
          if (!err.responseCode) app.log.error({ err }, 'ticket reply by mail failed');
          callback(err.responseCode ? err : smtpError(451, 'Try again later'));
        });
    },
  });
  app.decorate('inboundMail', { port: () => (server.server.address() as AddressInfo | null)?.port ?? null });
  // A port that cannot be taken stops the start, as the HTTP port does; later errors (a client's) are logged.
  app.addHook(
    'onReady',
    () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.INBOUND_SMTP_PORT, config.INBOUND_SMTP_HOST, () => {
          server.off('error', reject);
          server.on('error', (err) => app.log.error({ err }, 'inbound mail listener'));
          resolve();
        });
      }),
  );
  app.addHook('preClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The inbound mail listener, when configured: the port it listens on (tests use a free one). */
    inboundMail?: { port(): number | null };
  }
}
