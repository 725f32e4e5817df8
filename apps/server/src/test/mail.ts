import type { AddressInfo } from 'node:net';
import { desc, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../platform/db.ts';
import type { OutboxRow } from '../platform/mail.ts';
import { mailOutbox } from '../platform/tables.ts';

/** One message as an SMTP server received it, with its text and HTML parts decoded. */
export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface MailCapture {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  mails: CapturedMail[];
  /** The first mail to the address that arrives (or has arrived); fails after the timeout. */
  waitFor(to: string, timeoutMs?: number): Promise<CapturedMail>;
  /** Makes the next `count` deliveries fail with a temporary SMTP error. */
  failNext(count: number): void;
  close(): Promise<void>;
}

/** An SMTP server on a loopback port (a free one unless `port` is given) that keeps every message it is sent. */
export async function startMailCapture(port = 0): Promise<MailCapture> {
  const mails: CapturedMail[] = [];
  const waiters: { to: string; resolve: (m: CapturedMail) => void }[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          const err = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = parseMessage(
          raw,
          session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        );
        mails.push(mail);
        for (const w of [...waiters]) {
          if (mail.to.includes(w.to)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    failNext: (count) => {
      failures = count;
    },
    waitFor(to, timeoutMs = 5000) {
      const address = to.toLowerCase();
      const found = mails.find((m) => m.to.includes(address));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          to: address,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function splitHead(part: string): { headers: Record<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = (encoding ?? '7bit').toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

/** Header words such as =?UTF-8?Q?=C3=9Cber?= (RFC 2047). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeBody(data.replace(/_/g, ' '), 'quoted-printable'),
    );
}

/** Enough MIME for the portal's own mail: a text part and an HTML part, possibly in multipart/alternative. */
function parseMessage(raw: string, to: string[]): CapturedMail {
  const { headers, body } = splitHead(raw);
  const out: CapturedMail = { from: headers.from ?? '', to, subject: decodeWords(headers.subject ?? ''), text: '', html: '', raw };
  const visit = (h: Record<string, string>, b: string) => {
    const type = h['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const part of b.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        // The line break before a boundary belongs to the boundary.
        const inner = splitHead(part.replace(/^\r?\n/, '').replace(/\r?\n$/, ''));
        visit(inner.headers, inner.body);
      }
    } else if (type.toLowerCase().startsWith('text/html')) out.html = decodeBody(b, h['content-transfer-encoding']);
    else if (type.toLowerCase().startsWith('text/plain')) out.text = decodeBody(b, h['content-transfer-encoding']);
  };
  visit(headers, body);
  return out;
}

/** The newest outbox row for an address (case-insensitive), or null. */
export async function lastMailTo(db: Database, address: string): Promise<OutboxRow | null> {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to_address}) = ${address.toLowerCase()}`)
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row ?? null;
}

/**
 * The newest outbox row for an address newer than `afterId`, waiting for it: some mail is queued after
 * the call has answered (a forgot-password link), so it may come a moment after the answer.
 */
export async function waitForMailTo(db: Database, address: string, afterId = 0, timeoutMs = 10_000): Promise<OutboxRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await lastMailTo(db, address);
    if (row && row.id > afterId) return row;
    if (Date.now() > until) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** How many rows the outbox holds, to show a call queued nothing. */
export async function outboxSize(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
  return Number(row?.n ?? 0);
}

/** Every outbox row for an address, oldest first. */
export async function mailsTo(db: Database, address: string): Promise<OutboxRow[]> {
  return db.select().from(mailOutbox).where(sql`lower(${mailOutbox.to_address}) = ${address.toLowerCase()}`).orderBy(mailOutbox.id);
}

/** The first portal link in a mail's text (an outbox row or a captured mail). */
export function linkIn(mail: { text_body: string } | { text: string } | null, containing = ''): URL {
  if (!mail) throw new Error('no mail');
  const text = 'text_body' in mail ? mail.text_body : mail.text;
  const found = text
    .match(/https?:\/\/\S+/g)
    ?.map((u) => u.replace(/[.,;)]+$/, ''))
    .find((u) => u.includes(containing));
  if (!found) throw new Error(`no link${containing ? ` with ${containing}` : ''} in mail: ${text}`);
  return new URL(found);
}
