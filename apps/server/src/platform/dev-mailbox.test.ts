import { forgotPassword, resendVerificationEmail, resetPassword } from '@portal/contract/account/password';
import { login } from '@portal/contract/auth/login';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ENV, TestClient, type TestContext, appWith, createTestContext, newCompany, ok } from '../test/harness.ts';
import { solveBotCheck } from '../test/password-reset.ts';
import { userRow } from '../test/rows.ts';
import { DEV_MAILBOX_PATH } from './dev-mailbox.ts';
import { queueMail } from './mail.ts';

let t: TestContext;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestContext();
  app = await appWith(t, { NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:4201' });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const get = async (target: FastifyInstance, url: string) => {
  const res = await target.inject({ method: 'GET', url });
  return { status: res.statusCode, type: String(res.headers['content-type']), body: res.body };
};
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] ?? '').replaceAll('&amp;', '&'));

/** As a person reads it: the newest mail to the address in the list, opened, and the link in it that leads to `path`. */
async function followLink(email: string, path: string): Promise<URL> {
  const list = await get(app, `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(email)}`);
  expect(list.status).toBe(200);
  const opened = hrefs(list.body).find((h) => /^\/dev\/mailbox\/\d+$/.test(h));
  if (!opened) throw new Error(`no mail to ${email} in the mailbox`);
  const mail = await get(app, opened);
  const link = hrefs(mail.body).find((h) => /^https?:/.test(h) && new URL(h).pathname === path);
  if (!link) throw new Error(`no link to ${path} in ${opened}`);
  return new URL(link);
}

describe('the development mailbox', () => {
  it('lets a password reset be finished from its mail: the link opens, the token sets the new password', async () => {
    const { user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const client = new TestClient(app);
    ok(await client.call(forgotPassword, { target_user: user.email, recaptcha: await solveBotCheck(client) }));
    const link = await followLink(user.email, '/update_password');
    expect(link.origin).toBe('http://localhost:4201');
    ok(await client.call(resetPassword, { email_token: link.searchParams.get('t') ?? '', new_password: 'a brand new passphrase' }));
    expect((await new TestClient(app).login(user.email, 'a brand new passphrase')).status).toBe('ok');
  });

  it('lets an email verification be finished from its mail: the link signs in and marks the address verified', async () => {
    const { user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const client = await new TestClient(app).useSession(t.db, t.clock, user.id);
    ok(await client.call(resendVerificationEmail, {}));
    const link = await followLink(user.email, '/login');
    expect(link.searchParams.get('method')).toBe('email_token');
    const visitor = new TestClient(app);
    ok(await visitor.call(login, { target_type: 'email_token', target_email_token: link.searchParams.get('t') ?? '' }));
    expect((await userRow(t, user.id))?.email_verified_at).not.toBeNull();
  });

  it('lists the newest mail first, filters by address, and escapes what it shows', async () => {
    const to = 'escape-check@test.example.com';
    await queueMail(t.db, t.clock, {
      to,
      companyId: null,
      template: 'career_test',
      subject: '<script>alert(1)</script>',
      text: 'Open https://example.com/a?b=1&c="2" <b>now</b>',
      html: '',
    });
    const list = await get(app, `${DEV_MAILBOX_PATH}?to=${to.toUpperCase()}`);
    expect(list.type).toContain('text/html');
    expect(list.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(list.body).not.toContain('<script>');
    expect(hrefs(list.body).filter((h) => /^\/dev\/mailbox\/\d+$/.test(h))).toHaveLength(1);
    const mail = await get(app, hrefs(list.body).find((h) => /^\/dev\/mailbox\/\d+$/.test(h)) ?? '');
    expect(mail.body).toContain('<a href="https://example.com/a?b=1&amp;c=">https://example.com/a?b=1&amp;c=</a>');
    expect(mail.body).toContain('&lt;b&gt;now&lt;/b&gt;');
    expect((await get(app, `${DEV_MAILBOX_PATH}/999999999`)).status).toBe(404);
    expect((await get(app, `${DEV_MAILBOX_PATH}/not-a-number`)).status).toBe(404);
  });

  it('does not exist in production, where the outbox holds real reset links', async () => {
    const production = await appWith(t, { ...PRODUCTION_ENV, PUBLIC_URL: 'https://portal.example.com' });
    try {
      await queueMail(t.db, t.clock, {
        to: 'prod@test.example.com',
        companyId: null,
        template: 'career_test',
        subject: 'Secret link',
        text: 'x',
        html: '',
      });
      for (const url of [DEV_MAILBOX_PATH, `${DEV_MAILBOX_PATH}?to=prod@test.example.com`, `${DEV_MAILBOX_PATH}/1`]) {
        const res = await get(production, url);
        expect(res.status).toBe(404);
        expect(res.body).not.toContain('Secret link');
        expect(res.body).not.toContain('Mailbox');
      }
    } finally {
      await production.close();
    }
  });
});
