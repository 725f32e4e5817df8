import nodemailer from 'nodemailer';
import { and, asc, desc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Clock } from './clock.ts';
import type { Database } from './db.ts';
import { mailOutbox } from './tables.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A mail ready for the outbox, less its address: what a template writes. */
export interface MailContent {
  /** Which template wrote it, for the outbox list and tests. */
  template: string;
  subject: string;
  text: string;
  html: string;
  /** Headers of its own: a ticket notification's Message-ID, Reply-To and threading (docs/decisions/0046). */
  headers?: Record<string, string>;
}

export interface OutgoingMail extends MailContent {
  to: string;
  companyId: number | null;
}

/** After this many failed tries a mail stays in the outbox with its last error, for an admin to see. */
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
/** A taken row is not taken again for this long, so a node that dies while sending delays the mail only this much. */
const LEASE_MS = 5 * 60_000;
const BATCH = 20;

/** The wait before the next try after `attempts` failures: 30 s, 1 min, 2 min, ... up to 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/**
 * Puts a mail in the outbox within the caller's transaction (transactional outbox): a rolled-back
 * call sends nothing, and a relay that is down loses nothing.
 */
export async function queueMail(db: Database, clock: Clock, mail: OutgoingMail): Promise<number> {
  const now = clock.now();
  const [row] = await db
    .insert(mailOutbox)
    .values({
      template: mail.template,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      company_id: mail.companyId,
      headers: mail.headers ?? null,
      created_at: now,
      next_attempt_at: now,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail insert returned nothing');
  return row.id;
}

/** The newest mail in the outbox, sent or not, to one address or to anyone (the development mailbox). */
export function recentMail(db: Database, o: { limit: number; to?: string }): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(o.to ? eq(sql`lower(${mailOutbox.to_address})`, o.to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(o.limit);
}

export async function findMail(db: Database, id: number): Promise<OutboxRow | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}

/** Sends one message; SMTP in the app, anything in tests. */
export interface MailTransport {
  send(message: { from: string; to: string; subject: string; text: string; html: string; headers?: Record<string, string> }): Promise<void>;
  close(): void;
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    send: async ({ headers, ...message }) => {
      // nodemailer sets Message-ID and Reply-To from their own options; other headers pass as they are.
      const { 'Message-ID': messageId, 'Reply-To': replyTo, ...rest } = headers ?? {};
      await transporter.sendMail({ ...message, messageId, replyTo, headers: rest });
    },
    close: () => transporter.close(),
  };
}

/** Takes up to `limit` due rows and leases them, in one statement, so two nodes never take the same row. */
async function takeDue(db: Database, now: Date, limit: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sent_at), lte(mailOutbox.next_attempt_at, now), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(mailOutbox.next_attempt_at))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, next_attempt_at: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/**
 * Sends the mail that is due, outside any transaction: each row is leased first, then marked sent,
 * or given its error and a later try. Returns how many rows it took.
 */
export async function deliverDueMail(db: Database, clock: Clock, transport: MailTransport, from: string, limit = BATCH): Promise<number> {
  const rows = await takeDue(db, clock.now(), limit);
  for (const row of rows) {
    try {
      const headers = row.headers ?? undefined;
      await transport.send({ from, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, headers });
      await db.update(mailOutbox).set({ sent_at: clock.now(), last_error: null }).where(eq(mailOutbox.id, row.id));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await db
        .update(mailOutbox)
        .set({ last_error: message.slice(0, 1000), next_attempt_at: new Date(clock.now().getTime() + retryDelayMs(row.attempts)) })
        .where(eq(mailOutbox.id, row.id));
    }
  }
  return rows.length;
}

export interface OutboxBacklog {
  /** Unsent mail with tries left. */
  pending: number;
  /** Unsent mail given up on after MAX_ATTEMPTS tries. */
  failed: number;
  oldestPendingAt: Date | null;
}

/** The unsent part of the outbox, in one statement over the pending index (for the metrics). */
export async function outboxBacklog(db: Database): Promise<OutboxBacklog> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${mailOutbox.attempts} < ${MAX_ATTEMPTS})`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${mailOutbox.attempts} >= ${MAX_ATTEMPTS})`.mapWith(Number),
      oldest: sql<Date | null>`min(${mailOutbox.created_at}) filter (where ${mailOutbox.attempts} < ${MAX_ATTEMPTS})`.mapWith(
        mailOutbox.created_at,
      ),
    })
    .from(mailOutbox)
    .where(isNull(mailOutbox.sent_at));
  return { pending: row?.pending ?? 0, failed: row?.failed ?? 0, oldestPendingAt: row?.oldest ?? null };
}

/**
 * Delivers the outbox: on a timer (every node may run one; rows are leased), and at once when a call
 * that queued mail has answered. Without a transport (no SMTP_URL) mail stays in the outbox.
 */
export class MailDelivery {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private kickTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly transport: MailTransport | null,
    private readonly from: string,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {}

  /** Starts the timer; returns a function that stops it. */
  start(everyMs: number): () => void {
    if (!this.transport) return () => {};
    this.timer = setInterval(() => this.kick(), everyMs);
    this.kick();
    return () => {
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
    };
  }

  /** Delivers soon; many kicks close together make one run. */
  kick(): void {
    if (!this.transport || this.stopped || this.kickTimer) return;
    this.kickTimer = setTimeout(() => {
      this.kickTimer = null;
      void this.run();
    }, 10);
  }

  /** Runs until nothing is due; a kick while running runs it once more. */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const transport = this.transport;
    if (!transport) return Promise.resolve();
    this.running = (async () => {
      try {
        do {
          this.again = false;
          let taken = BATCH;
          while (!this.stopped && taken >= BATCH) taken = await deliverDueMail(this.db, this.clock, transport, this.from);
        } while (this.again && !this.stopped);
      } catch (err) {
        this.log('mail delivery failed', err);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Stops the timers and waits for a run in progress, so the database can close after it. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.kickTimer) clearTimeout(this.kickTimer);
    await this.running;
    this.transport?.close();
  }
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

export interface MailBody {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the action, such as why the mail was sent. */
  footer?: string;
}

/** The one layout every mail shares: plain text and HTML from the same parts, every value escaped. */
export function renderMail(body: MailBody): { text: string; html: string } {
  const text = [
    body.heading,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ''] : []),
    ...(body.footer ? [body.footer] : []),
  ]
    .join('\n')
    .trimEnd();
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const action = body.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(body.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(body.action.url)}</p>`
    : '';
  const footer = body.footer ? `<p style="margin:24px 0 0;font-size:12px;color:#777">${escapeHtml(body.footer)}</p>` : '';
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(body.heading)}</title></head><body style="margin:0;padding:24px;background:#f4f5f7;font-family:Helvetica,Arial,sans-serif;color:#222"><div style="max-width:560px;margin:0 auto;background:#fff;padding:32px;border-radius:6px"><h1 style="font-size:20px;margin:0 0 20px">${escapeHtml(body.heading)}</h1>${body.paragraphs.map(p).join('')}${action}${footer}</div></body></html>`;
  return { text, html };
}
