import { randomInt } from 'node:crypto';
import { resendVerificationEmail } from '@portal/contract/account/password';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { login } from '@portal/contract/auth/login';
import { enableTotp } from '@portal/contract/security/two-factor';
import { createGuardrails, generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, linkIn, mailsTo } from '../../test/mail.ts';
import { TestClient, type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { companyEvents, userRow } from '../../test/rows.ts';
import { LOGIN_MESSAGES } from './login.ts';
import { PENDING_LOGIN_MAX_ATTEMPTS } from './pending-login.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });
const codeFor = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSteps * 30, guardrails });

async function userWithTotp() {
  const made = await newCompany(t.db);
  const secret = Array.from({ length: 16 }, () => BASE32[randomInt(32)]).join('');
  const c = await new TestClient(t.app).useSession(t.db, t.clock, made.user.id);
  expect((await c.call(enableTotp, { totp_secret: secret, totp_verify_code: await codeFor(secret) })).status).toBe('ok');
  t.clock.advance(30_000);
  return { ...made, secret };
}

/** The token of a verification link, asked for as the signed-in user would and read from the mail. */
async function verificationToken(user: { id: number; email: string }): Promise<string> {
  const c = await new TestClient(t.app).useSession(t.db, t.clock, user.id);
  expect((await c.call(resendVerificationEmail, {})).status).toBe('ok');
  return linkIn(await lastMailTo(t.db, user.email), '/login').searchParams.get('t') ?? '';
}

const password = (c: TestClient, email: string) =>
  c.call(login, { target_type: 'password', target_user: email, target_password: 'test-password' });

describe('sign-in link from a verification mail (email_token)', () => {
  it('verifies the address and signs in once; the link does not work twice', async () => {
    const { user } = await newCompany(t.db);
    const token = await verificationToken(user);
    const c = new TestClient(t.app);
    const res = await c.call(login, { target_type: 'email_token', target_email_token: token });
    expect(res.data).toMatchObject({ type: 'ok', auth_context: { email: user.email, email_verified: true } });
    const row = await userRow(t, user.id);
    expect(row?.email_verified_at).toEqual(t.clock.now());

    const again = await new TestClient(t.app).call(login, { target_type: 'email_token', target_email_token: token });
    expect(again).toMatchObject({ code: 401, message: LOGIN_MESSAGES.invalidLink });
  });

  it('refuses an expired link and still asks for the second factor', async () => {
    const { user } = await newCompany(t.db);
    const old = await verificationToken(user);
    t.clock.advance(49 * 3_600_000);
    expect((await new TestClient(t.app).call(login, { target_type: 'email_token', target_email_token: old })).code).toBe(401);

    const withTotp = await userWithTotp();
    const token = await verificationToken(withTotp.user);
    const c = new TestClient(t.app);
    expect((await c.call(login, { target_type: 'email_token', target_email_token: token })).data).toMatchObject({
      type: 'totp_required',
      auth_context: null,
    });
    expect(c.cookies.portal_session).toBeUndefined();
    const done = await c.call(login, { target_type: 'totp', target_totp_code: await codeFor(withTotp.secret) });
    expect(done.data).toMatchObject({ type: 'ok' });
  });
});

describe('the pending second step', () => {
  it('is refused without the first step, for another user, and after ten minutes', async () => {
    const { user, secret } = await userWithTotp();
    const stranger = new TestClient(t.app);
    const cold = await stranger.call(login, { target_type: 'totp', target_user: user.email, target_totp_code: await codeFor(secret) });
    expect(cold).toMatchObject({ code: 401, message: LOGIN_MESSAGES.pendingExpired });

    const c = new TestClient(t.app);
    expect((await password(c, user.email)).data).toMatchObject({ type: 'totp_required' });
    const other = await newCompany(t.db);
    const wrongUser = await c.call(login, { target_type: 'totp', target_user: other.user.email, target_totp_code: '123456' });
    expect(wrongUser.message).toBe(LOGIN_MESSAGES.pendingExpired);

    t.clock.advance(11 * 60_000);
    const late = await c.call(login, { target_type: 'totp', target_user: user.email, target_totp_code: await codeFor(secret) });
    expect(late.message).toBe(LOGIN_MESSAGES.pendingExpired);
    expect((await c.call(getAuthContext, {})).data).toBeNull();
  });

  it(`ends after ${PENDING_LOGIN_MAX_ATTEMPTS} wrong codes, and the refusals are company events`, async () => {
    const { user, company, secret } = await userWithTotp();
    const c = new TestClient(t.app);
    await password(c, user.email);
    const right = await codeFor(secret);
    const wrongCode = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < PENDING_LOGIN_MAX_ATTEMPTS; i++) {
      const res = await c.call(login, { target_type: 'totp', target_user: user.email, target_totp_code: wrongCode });
      expect(res.message).toBe(LOGIN_MESSAGES.wrongCode);
    }
    const after = await c.call(login, { target_type: 'totp', target_user: user.email, target_totp_code: right });
    expect(after.message).toBe(LOGIN_MESSAGES.pendingExpired);
    const events = (await companyEvents(t, company.id)).map((e) => e.event);
    expect(events.filter((e) => e.startsWith('Sign-in refused (wrong authenticator code)'))).toHaveLength(PENDING_LOGIN_MAX_ATTEMPTS);
    expect(events.join('\n')).not.toContain(wrongCode);
    expect(events.join('\n')).not.toContain(secret);
  });

  it('keeps counting wrong codes when the password is given again, so knowing it does not buy fresh guesses', async () => {
    const { user, secret } = await userWithTotp();
    const right = await codeFor(secret);
    const wrongCode = right === '000000' ? '111111' : '000000';
    const c = new TestClient(t.app);
    await password(c, user.email);
    for (let i = 0; i < PENDING_LOGIN_MAX_ATTEMPTS; i++) {
      await c.call(login, { target_type: 'totp', target_user: user.email, target_totp_code: wrongCode });
    }
    t.clock.advance(1000);
    expect((await password(c, user.email)).data).toMatchObject({ type: 'totp_required' });
    const slowed = await c.call(login, { target_type: 'totp', target_user: user.email, target_totp_code: wrongCode });
    expect(slowed.code).toBe(429);
  });
});

describe('new sign-in mail', () => {
  it('goes out for a new address or browser only', async () => {
    const { user } = await newCompany(t.db);
    await new TestClient(t.app).login(user.email);
    expect(await mailsTo(t.db, user.email)).toHaveLength(1);
    expect((await lastMailTo(t.db, user.email))?.template).toBe('new_sign_in');
    await new TestClient(t.app).login(user.email);
    expect(await mailsTo(t.db, user.email)).toHaveLength(1);
  });
});
