import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from './db.ts';
import { escapeHtml, findMail, type OutboxRow, recentMail } from './mail.ts';

/** Where the development mailbox lives (docs/decisions/0088). */
export const DEV_MAILBOX_PATH = '/dev/mailbox';
const LIST_LIMIT = 100;
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** Plain text as HTML, every address in it a link, so a reset or verification link can be followed. */
function linkedText(text: string): string {
  let html = '';
  let at = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0];
    html += `${escapeHtml(text.slice(at, match.index))}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    at = match.index + url.length;
  }
  return html + escapeHtml(text.slice(at));
}

function page(reply: FastifyReply, title: string, body: string) {
  return reply
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
        `<body style="font-family:system-ui,sans-serif;margin:24px;max-width:960px;color:#222">` +
        `<p style="background:#fff3bf;padding:8px 12px;border-radius:4px">Development only: every mail the portal has sent or queued. This page does not exist in production.</p>${body}</body></html>`,
    );
}

const status = (m: OutboxRow) => (m.sent_at ? 'sent' : m.last_error ? `not sent: ${m.last_error}` : 'queued');

function listPage(mails: OutboxRow[], to: string | undefined) {
  const rows = mails
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.created_at.toISOString().replace('T', ' ').slice(0, 19))} UTC</td><td>${escapeHtml(m.to_address)}</td>` +
        `<td><a href="${DEV_MAILBOX_PATH}/${m.id}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.template)}</td><td>${escapeHtml(status(m))}</td></tr>`,
    )
    .join('');
  const filter = `<form method="get" action="${DEV_MAILBOX_PATH}"><label>To <input type="email" name="to" value="${escapeHtml(to ?? '')}"></label> <button type="submit">Show</button> <a href="${DEV_MAILBOX_PATH}">All</a></form>`;
  const table = mails.length
    ? `<table style="border-collapse:collapse;width:100%" cellpadding="6"><thead><tr style="text-align:left"><th>Queued</th><th>To</th><th>Subject</th><th>Template</th><th>Status</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No mail yet.</p>';
  return `<h1>Mailbox</h1>${filter}<p>The newest ${LIST_LIMIT} mails, newest first.</p>${table}`;
}

function mailPage(m: OutboxRow) {
  return (
    `<p><a href="${DEV_MAILBOX_PATH}">All mail</a></p><h1>${escapeHtml(m.subject)}</h1>` +
    `<p>To ${escapeHtml(m.to_address)} · ${escapeHtml(m.template)} · queued ${escapeHtml(m.created_at.toISOString())} · ${escapeHtml(status(m))}</p>` +
    `<pre style="white-space:pre-wrap;background:#f4f5f7;padding:16px;border-radius:4px;font:inherit">${linkedText(m.text_body)}</pre>`
  );
}

/**
 * The development mailbox: the outbox as pages, so mail the portal sends (a password reset, an email
 * verification) can be read and its links followed without a mail server. Never installed in production,
 * where the outbox holds other people's reset links.
 */
export function installDevMailbox(app: FastifyInstance, config: Pick<Config, 'NODE_ENV'>, db: Database): void {
  if (config.NODE_ENV === 'production') return;
  app.get<{ Querystring: { to?: string } }>(DEV_MAILBOX_PATH, async (req, reply) => {
    const to = typeof req.query.to === 'string' && req.query.to.trim() ? req.query.to.trim().slice(0, 320) : undefined;
    return page(reply, 'Mailbox', listPage(await recentMail(db, { limit: LIST_LIMIT, to }), to));
  });
  app.get<{ Params: { id: string } }>(`${DEV_MAILBOX_PATH}/:id`, async (req, reply) => {
    const id = /^\d{1,15}$/.test(req.params.id) ? Number(req.params.id) : null;
    const mail = id === null ? null : await findMail(db, id);
    if (!mail) return page(reply.code(404), 'Not found', `<p><a href="${DEV_MAILBOX_PATH}">All mail</a></p><h1>No such mail</h1>`);
    return page(reply, mail.subject, mailPage(mail));
  });
}
