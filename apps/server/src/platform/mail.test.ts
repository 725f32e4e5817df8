import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, createTestContext } from '../test/harness.ts';
import { type MailCapture, lastMailTo, startMailCapture } from '../test/mail.ts';
import {
  MAX_ATTEMPTS,
  MailDelivery,
  type MailTransport,
  deliverDueMail,
  escapeHtml,
  queueMail,
  renderMail,
  retryDelayMs,
  smtpTransport,
} from './mail.ts';
import { mailOutbox } from './tables.ts';

let t: TestContext;
let smtp: MailCapture;
let transport: MailTransport;
beforeAll(async () => {
  t = await createTestContext();
  smtp = await startMailCapture();
  transport = smtpTransport(smtp.url);
});
afterAll(async () => {
  transport.close();
  await t.close();
  await smtp.close();
});

const FROM = 'Backup Portal <no-reply@portal.example.com>';
let n = 0;
const address = () => `mail-${n++}-${Date.now().toString(36)}@example.com`;
const mail = (to: string, subject = 'Hello') => ({
  template: 'test',
  to,
  subject,
  text: `Text for ${to}`,
  html: `<p>${to}</p>`,
  companyId: null,
});
const rowFor = async (to: string) => {
  const row = await lastMailTo(t.db, to);
  if (!row) throw new Error(`no outbox row for ${to}`);
  return row;
};
/** Delivers until nothing due is left, as the timer would; the outbox is shared by every test in the file. */
const deliver = async (through: MailTransport = transport) => {
  while ((await deliverDueMail(t.db, t.clock, through, FROM)) > 0) {}
};

describe('the mail layout', () => {
  it('escapes every value in the HTML and keeps the text plain', () => {
    const { text, html } = renderMail({
      heading: 'Hi <b>there</b>',
      paragraphs: ['Tom & "Jerry" <script>alert(1)</script>'],
      action: { label: "Go 'now'", url: 'https://portal.example.com/x?a=1&b="2"' },
      footer: '<i>small</i>',
    });
    expect(html).not.toMatch(/<script>|<b>|<i>/);
    expect(html).toContain('Tom &amp; &quot;Jerry&quot; &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('href="https://portal.example.com/x?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain('Go &#39;now&#39;');
    expect(text).toBe(
      'Hi <b>there</b>\n\nTom & "Jerry" <script>alert(1)</script>\n\nGo \'now\': https://portal.example.com/x?a=1&b="2"\n\n<i>small</i>',
    );
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('waits longer after each failure, up to six hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(6 * 3_600_000);
  });
});

describe('the outbox', () => {
  it('keeps nothing from a transaction that rolls back', async () => {
    const to = address();
    await t.db
      .transaction(async (tx) => {
        await queueMail(tx, t.clock, mail(to));
        throw new Error('the call failed');
      })
      .catch(() => {});
    expect(await lastMailTo(t.db, to)).toBeNull();
    await t.db.transaction((tx) => queueMail(tx, t.clock, mail(to)));
    expect(await rowFor(to)).toMatchObject({ attempts: 0, sent_at: null, next_attempt_at: t.clock.now() });
  });

  it('delivers due mail over SMTP and marks it sent', async () => {
    const to = address();
    await queueMail(t.db, t.clock, mail(to, 'Über delivery'));
    await deliver();
    const got = await smtp.waitFor(to);
    expect(got).toMatchObject({ subject: 'Über delivery', text: `Text for ${to}`, html: `<p>${to}</p>` });
    expect(got.from).toContain('no-reply@portal.example.com');
    expect(await rowFor(to)).toMatchObject({ attempts: 1, sent_at: t.clock.now(), last_error: null });
    await deliver();
    expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('records a failed try and retries after the backoff', async () => {
    const to = address();
    await queueMail(t.db, t.clock, mail(to));
    smtp.failNext(1);
    await deliver();
    const failed = await rowFor(to);
    expect(failed).toMatchObject({ attempts: 1, sent_at: null });
    expect(failed.last_error).toContain('Mailbox busy');
    expect(failed.next_attempt_at).toEqual(new Date(t.clock.now().getTime() + 30_000));

    t.clock.advance(29_000);
    await deliver();
    expect((await rowFor(to)).sent_at).toBeNull();
    t.clock.advance(1_000);
    await deliver();
    expect(await rowFor(to)).toMatchObject({ attempts: 2, sent_at: t.clock.now(), last_error: null });
    expect((await smtp.waitFor(to)).text).toBe(`Text for ${to}`);
  });

  it('gives up after MAX_ATTEMPTS and keeps the mail with its last error', async () => {
    const to = address();
    await queueMail(t.db, t.clock, mail(to));
    let tries = 0;
    const broken: MailTransport = {
      send: async () => {
        tries++;
        throw new Error('relay refused');
      },
      close: () => {},
    };
    for (let i = 0; i < MAX_ATTEMPTS + 3; i++) {
      await deliver(broken);
      t.clock.advance(7 * 3_600_000);
    }
    expect(tries).toBe(MAX_ATTEMPTS);
    expect(await rowFor(to)).toMatchObject({ attempts: MAX_ATTEMPTS, sent_at: null, last_error: 'relay refused' });
  });

  it('sends a mail once when two deliverers run at the same time', async () => {
    const to = address();
    await queueMail(t.db, t.clock, mail(to));
    const slow: MailTransport = {
      send: async (m) => {
        await new Promise((r) => setTimeout(r, 50));
        await transport.send(m);
      },
      close: () => {},
    };
    await Promise.all([deliver(slow), deliver(slow)]);
    await smtp.waitFor(to);
    expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('retries a mail whose deliverer stopped mid-send once its lease runs out', async () => {
    const to = address();
    await queueMail(t.db, t.clock, mail(to));
    const dies: MailTransport = {
      send: () => new Promise(() => {}),
      close: () => {},
    };
    void deliverDueMail(t.db, t.clock, dies, FROM);
    await expect.poll(async () => (await rowFor(to)).attempts).toBe(1);
    await deliver();
    expect((await rowFor(to)).sent_at).toBeNull();
    t.clock.advance(5 * 60_000);
    await deliver();
    expect((await rowFor(to)).sent_at).toEqual(t.clock.now());
  });
});

describe('the delivery loop', () => {
  it('sends soon after a kick, and stops cleanly', async () => {
    const to = address();
    await queueMail(t.db, t.clock, mail(to));
    const delivery = new MailDelivery(t.db, t.clock, smtpTransport(smtp.url), FROM, () => {});
    delivery.kick();
    expect((await smtp.waitFor(to)).subject).toBe('Hello');
    await delivery.stop();
  });

  it('leaves mail in the outbox when no SMTP relay is configured', async () => {
    const to = address();
    await queueMail(t.db, t.clock, mail(to));
    const delivery = new MailDelivery(t.db, t.clock, null, FROM, () => {});
    const stop = delivery.start(10);
    delivery.kick();
    await delivery.run();
    stop();
    await delivery.stop();
    expect(await rowFor(to)).toMatchObject({ attempts: 0, sent_at: null });
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, to));
    expect(row?.last_error).toBeNull();
  });
});
