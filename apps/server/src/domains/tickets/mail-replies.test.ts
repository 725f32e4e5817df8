import { closeTicket, setAssignees } from '@portal/contract/tickets/ticket-staff';
import { createComment, getTicketHash, ticketsViewPage } from '@portal/contract/tickets/ticket-view';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTicket } from '../../test/factories.ts';
import { ON_POSTGRES, TestClient, type TestContext, appWith, createTestContext, newCompany, newUser, ok } from '../../test/harness.ts';
import { type MailCapture, mailsTo, startMailCapture } from '../../test/mail.ts';
import { replyAddress } from './mail-address.ts';
import { MAIL_REPLY_MESSAGES, stripQuoted } from './mail-replies.ts';

const DOMAIN = 'reply.portal.test';
let t: TestContext;
let relay: MailCapture;
let port: number;
let support: TestClient;
let admin: TestClient;
let supportId: number;
let supportEmail: string;

const client = (userId: number) => new TestClient(t.app).useSession(t.db, t.clock, userId);

beforeAll(async () => {
  relay = await startMailCapture();
  t = await createTestContext({ INBOUND_SMTP_PORT: '0', INBOUND_MAIL_DOMAIN: DOMAIN, SMTP_URL: relay.url });
  await t.app.ready();
  port = t.app.inboundMail?.port() ?? 0;
  const vendor = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' });
  admin = await client(vendor.user.id);
  const s = await newUser(t.db, vendor.company.id, { staff_role: 'support', contact_name: 'Sam Support' });
  supportId = s.id;
  supportEmail = s.email;
  support = await client(s.id);
});
afterAll(async () => {
  await t.close();
  await relay.close();
});

async function customerTicket() {
  const c = await newCompany(t.db, { current_state: 'ACTIVE' });
  const id = await newTicket(t.db, t.clock.now(), c.company.id, { subject: 'Backups fail' });
  return { id, companyId: c.company.id, userId: c.user.id, email: c.user.email, customer: await client(c.user.id) };
}

async function comment(who: TestClient, id: number, companyId: number, body: string) {
  const { hash } = ok(await who.call(getTicketHash, { target_ticket_id: id })).data;
  ok(
    await who.call(createComment, {
      target_ticket_id: id,
      target_body: body,
      target_attachments: [],
      expect_ticket_hash: hash,
      expect_company_id: companyId,
    }),
  );
}

/** Sends a mail to the portal's listener as a mail program would; resolves with the SMTP answer or rejects with it. */
async function send(message: Mail.Options) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    return await transport.sendMail(message);
  } finally {
    transport.close();
  }
}

/** The first mail to `to` the relay received after it held `seen` mails. */
async function newMailTo(to: string, seen: number) {
  for (let i = 0; i < 500; i++) {
    const found = relay.mails.slice(seen).find((m) => m.to.includes(to.toLowerCase()));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no new mail to ${to}`);
}

const header = (raw: string, name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(raw)?.[1]?.trim() ?? '';

/** The ticket's notification to the customer after a staff reply, as the relay received it. */
async function staffReply(c: Awaited<ReturnType<typeof customerTicket>>) {
  await comment(support, c.id, c.companyId, 'Please try version 24.3.2');
  const mail = await relay.waitFor(c.email);
  return { replyTo: header(mail.raw, 'Reply-To'), messageId: header(mail.raw, 'Message-ID'), references: header(mail.raw, 'References') };
}

const commentsOf = async (c: { id: number; customer: TestClient }) =>
  ok(await c.customer.call(ticketsViewPage, { target_ticket_id: c.id })).data.comments;

describe('reply by mail', () => {
  it('the notification carries a signed Reply-To and a Message-ID in the ticket’s thread', async () => {
    const c = await customerTicket();
    const sent = await staffReply(c);
    expect(sent.replyTo).toBe(replyAddress(t.app.deps.config, c.id, c.userId));
    expect(sent.replyTo).toMatch(new RegExp(`^ticket\\+${c.id}\\.${c.userId}\\.[0-9a-f]{32}@${DOMAIN}$`));
    expect(sent.messageId).toMatch(new RegExp(`^<ticket-${c.id}\\.[0-9a-f]+@${DOMAIN}>$`));
    expect(sent.references).toBe(`<ticket-${c.id}@${DOMAIN}>`);
    const [row] = await mailsTo(t.db, c.email);
    expect(row?.headers?.['Reply-To']).toBe(sent.replyTo);
  });

  it('a reply becomes the customer’s comment, without the quoted notification, and mails the assignees', async () => {
    const c = await customerTicket();
    ok(await admin.call(setAssignees, { target_ticket_id: c.id, target_user_ids: [supportId] }));
    const sent = await staffReply(c);
    await send({
      from: c.email,
      to: sent.replyTo,
      subject: 'Re: [Ticket] Backups fail',
      inReplyTo: sent.messageId,
      references: [sent.references, sent.messageId],
      text: 'That fixed it, thanks!\n\nOn Tue, 24 Nov 2026 at 14:00, Backup Portal <no-reply@portal.example.com> wrote:\n> Please try version 24.3.2\n',
    });
    const comments = await commentsOf(c);
    expect(comments.at(-1)).toMatchObject({ comment: 'That fixed it, thanks!', is_support_user: false });
    expect((await mailsTo(t.db, supportEmail)).map((m) => m.template)).toContain('ticket_customer_reply');
  });

  it('HTML in a reply is rendered inert, as in any comment; attachments are not added and the comment says so', async () => {
    const c = await customerTicket();
    const sent = await staffReply(c);
    await send({
      from: c.email,
      to: sent.replyTo,
      subject: 'Re: Backups fail',
      html: '<p>Still <b>failing</b></p><script>alert(1)</script><img src=x onerror="alert(2)">',
      attachments: [{ filename: 'log.txt', content: 'error 42' }],
    });
    const last = (await commentsOf(c)).at(-1);
    expect(last?.comment).toContain('Still');
    expect(last?.comment).toContain(MAIL_REPLY_MESSAGES.attachments);
    expect(last?.comment_html).not.toMatch(/<script|onerror|<img/i);
  });

  it('refuses a sender other than the address’s user, a forged or another ticket’s address, and a reply threaded to another ticket', async () => {
    const c = await customerTicket();
    const other = await customerTicket();
    const sent = await staffReply(c);
    const before = (await commentsOf(c)).length;
    await expect(send({ from: other.email, to: sent.replyTo, subject: 'Re', text: 'Me too' })).rejects.toThrow(/another sender/);
    const forged = sent.replyTo.replace(`ticket+${c.id}.`, `ticket+${other.id}.`);
    await expect(send({ from: c.email, to: forged, subject: 'Re', text: 'Hi' })).rejects.toThrow(/No such ticket address/);
    const otherUser = sent.replyTo.replace(`.${c.userId}.`, `.${other.userId}.`);
    await expect(send({ from: other.email, to: otherUser, subject: 'Re', text: 'Hi' })).rejects.toThrow(/No such ticket address/);
    // The other customer's own, valid address for their own ticket cannot carry a reply threaded into this one.
    const theirs = await staffReply(other);
    await expect(send({ from: other.email, to: theirs.replyTo, subject: 'Re', inReplyTo: sent.messageId, text: 'Hi' })).rejects.toThrow(
      /another ticket/,
    );
    expect(await commentsOf(c)).toHaveLength(before);
  });

  it('a customer’s reply to a closed ticket bounces with the way to reopen it; staff may still answer by mail', async () => {
    const c = await customerTicket();
    ok(await admin.call(setAssignees, { target_ticket_id: c.id, target_user_ids: [supportId] }));
    const sent = await staffReply(c);
    const seen = relay.mails.length;
    await send({ from: c.email, to: sent.replyTo, subject: 'Re', text: 'One more thing' });
    const staffMail = await newMailTo(supportEmail, seen);
    const staffReplyTo = header(staffMail.raw, 'Reply-To');
    expect(staffReplyTo).toBe(replyAddress(t.app.deps.config, c.id, supportId));
    ok(await support.call(closeTicket, { target_ticket_id: c.id }));
    const before = (await commentsOf(c)).length;
    await expect(send({ from: c.email, to: sent.replyTo, subject: 'Re', text: 'Reopen please' })).rejects.toThrow(
      new RegExp(`ticket is closed.*tickets/${c.id}`),
    );
    expect(await commentsOf(c)).toHaveLength(before);
    await send({ from: supportEmail, to: staffReplyTo, subject: 'Re', text: 'Closing note: fixed in 24.3.2' });
    expect((await commentsOf(c)).at(-1)).toMatchObject({ comment: 'Closing note: fixed in 24.3.2', is_support_user: true });
  });

  it('the same message sent twice, an automatic answer and an empty reply add no comment', async () => {
    const c = await customerTicket();
    const sent = await staffReply(c);
    const before = (await commentsOf(c)).length;
    const once = { from: c.email, to: sent.replyTo, subject: 'Re', text: 'Only once', messageId: `<once-${c.id}@customer.test>` };
    await send(once);
    await send(once);
    await send({
      from: c.email,
      to: sent.replyTo,
      subject: 'Out of office',
      text: 'I am away',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    await expect(send({ from: c.email, to: sent.replyTo, subject: 'Re', text: '> only the quote' })).rejects.toThrow(/no text/);
    expect((await commentsOf(c)).slice(before).map((x) => x.comment)).toEqual(['Only once']);
  });
});

/** Relays deliver on parallel connections (PostgreSQL's parallel transactions): a retried message still adds one comment. */
describe.skipIf(!ON_POSTGRES)('reply by mail under parallel delivery (PostgreSQL)', () => {
  it('the same message on two connections at once adds one comment; two different replies at once add both', async () => {
    const c = await customerTicket();
    const sent = await staffReply(c);
    const before = (await commentsOf(c)).length;
    const once = { from: c.email, to: sent.replyTo, subject: 'Re', text: 'Sent twice', messageId: `<race-${c.id}@customer.test>` };
    await Promise.all([send(once), send(once), send({ ...once, messageId: undefined, text: 'Another' })]);
    expect(
      (await commentsOf(c))
        .slice(before)
        .map((x) => x.comment)
        .sort(),
    ).toEqual(['Another', 'Sent twice']);
  });
});

describe('the inbound listener', () => {
  it('stops the start when its port is taken, as the HTTP port would', async () => {
    const second = await appWith(t, { INBOUND_SMTP_PORT: String(port), INBOUND_SMTP_HOST: '127.0.0.1', INBOUND_MAIL_DOMAIN: DOMAIN });
    await expect(second.ready()).rejects.toThrow(/EADDRINUSE/);
    await second.close().catch(() => {});
  });
});

describe('stripQuoted', () => {
  it('keeps the words above the quote, Outlook’s original message block and the signature out', () => {
    expect(stripQuoted('Yes\r\n\r\n-----Original Message-----\r\nFrom: Support')).toBe('Yes');
    expect(stripQuoted('Done\n\nOn Tue, 24 Nov 2026, Support\n<no-reply@portal.example.com> wrote:\n> old')).toBe('Done');
    expect(stripQuoted('Line one\nLine two\n-- \nCasey')).toBe('Line one\nLine two');
    expect(stripQuoted('> all quoted')).toBe('');
  });
});
