import { randomInt } from 'node:crypto';
import { login } from '@portal/contract/auth/login';
import { disableTwoFactor, enableTotp, enableWebauthn, getTwoFactor, requestWebauthnChallenge } from '@portal/contract/security/two-factor';
import { REAUTH_AFTER_MINUTES } from '@portal/contract/shared/security';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { createGuardrails, generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { mailsTo } from '../../test/mail.ts';
import { companyEvents, insertTotp, securityOf } from '../../test/rows.ts';
import { SoftwareAuthenticator } from '../../test/webauthn-authenticator.ts';
import * as security from './service.ts';
import { openTotpSecret } from './totp.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const newSecret = () => Array.from({ length: 16 }, () => BASE32[randomInt(32)]).join('');
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });
/** What an authenticator app shows for the secret, `offsetSteps` periods away from the test clock. */
const codeFor = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSteps * 30, guardrails });

const twoFactorMails = async (email: string) => (await mailsTo(t.db, email)).filter((m) => m.template === 'two_factor_changed');
const verify = (userId: number, code: string) =>
  security.verifyTotpForLogin({ db: t.db, config: t.app.deps.config, clock: t.clock }, { userId, code });

async function signedIn() {
  const { company, user } = await newCompany(t.db);
  const client = await new TestClient(t.app).useSession(t.db, t.clock, user.id);
  return { company, user, client };
}

async function withTotp() {
  const made = await signedIn();
  const secret = newSecret();
  const res = await made.client.call(enableTotp, { totp_secret: secret, totp_verify_code: await codeFor(secret) });
  expect(res.status).toBe('ok');
  // Move to the next period so the code that enabled it is not the one a test signs in with.
  t.clock.advance(30_000);
  return { ...made, secret };
}

describe('TOTP two-factor', () => {
  it('turns on with a code computed from the secret: stored, event written, mail queued', async () => {
    const { company, user, client } = await signedIn();
    const secret = newSecret();
    const res = await client.call(enableTotp, { totp_secret: secret, totp_verify_code: await codeFor(secret) });
    expect(res).toMatchObject({ status: 'ok', data: { method: 'totp', enabled_at: t.clock.now().toISOString(), webauthn_devices: [] } });
    // Kept sealed, bound to the user: a dump of the table holds no seed (decision 0067).
    const row = (await securityOf(t, user.id)).totp;
    expect(row?.secret).toMatch(/^sealed:v1:/);
    expect(row?.secret).not.toContain(secret);
    expect(openTotpSecret(t.app.deps.config, user.id, row?.secret ?? '')).toBe(secret);
    expect(() => openTotpSecret(t.app.deps.config, user.id + 1, row?.secret ?? '')).toThrow(/does not open/);
    expect(await security.twoFactorMethod(t, { userId: user.id })).toBe('totp');
    expect((await client.call(getTwoFactor, {})).data).toMatchObject({ method: 'totp' });

    const events = await companyEvents(t, company.id);
    const event = events.find((e) => e.event.includes('authenticator app'));
    expect(event?.event).not.toContain(secret);
    const mails = await twoFactorMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).toContain('authenticator app');
  });

  it('refuses a wrong code with a field error and stores nothing', async () => {
    const { user, client } = await signedIn();
    const secret = newSecret();
    const right = await codeFor(secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const res = await client.call(enableTotp, { totp_secret: secret, totp_verify_code: wrong });
    expect(res).toMatchObject({ status: 'error', code: 400, data: { fields: { totp_verify_code: 'The code is not correct' } } });
    expect(await security.twoFactorMethod(t, { userId: user.id })).toBe('none');
  });

  it('validates the secret and the code format', async () => {
    const { client } = await signedIn();
    const res = await client.call(enableTotp, { totp_secret: 'too-short', totp_verify_code: '12ab' });
    expect(res.code).toBe(400);
    expect(res.data).toMatchObject({
      fields: { totp_secret: 'The secret must be 16 base32 characters', totp_verify_code: 'Please enter a 6-digit code' },
    });
  });

  it('accepts codes one period either side of now for clock drift, and no further', async () => {
    const { user, secret } = await withTotp();
    expect(await verify(user.id, await codeFor(secret, -2))).toBe(false);
    expect(await verify(user.id, await codeFor(secret, 2))).toBe(false);
    expect(await verify(user.id, await codeFor(secret, 1))).toBe(true);
    t.clock.advance(90_000);
    expect(await verify(user.id, await codeFor(secret, -1))).toBe(true);
  });

  it('refuses a code used once already, and any code of an earlier period after it', async () => {
    const { user, secret } = await withTotp();
    const code = await codeFor(secret);
    expect(await verify(user.id, code)).toBe(true);
    expect(await verify(user.id, code)).toBe(false);
    expect(await verify(user.id, await codeFor(secret, -1))).toBe(false);
    t.clock.advance(30_000);
    expect(await verify(user.id, await codeFor(secret))).toBe(true);
  });

  it('refuses the code that turned TOTP on when it is replayed at sign-in', async () => {
    const { user, client } = await signedIn();
    const secret = newSecret();
    const code = await codeFor(secret);
    await client.call(enableTotp, { totp_secret: secret, totp_verify_code: code });
    expect(await verify(user.id, code)).toBe(false);
  });

  it('answers false for a user without TOTP and for a wrong code', async () => {
    const { user } = await signedIn();
    expect(await verify(user.id, '123456')).toBe(false);
    const other = await withTotp();
    const right = await codeFor(other.secret);
    const wrong = String((Number(right) + 5) % 1_000_000).padStart(6, '0');
    expect(await verify(other.user.id, wrong)).toBe(false);
  });

  it('signs in with the password and then a code; the same code cannot sign in twice', async () => {
    const { user, secret } = await withTotp();
    const c = new TestClient(t.app);
    expect((await c.login(user.email)).data).toMatchObject({ type: 'totp_required' });
    const code = await codeFor(secret);
    const ok = await c.call(login, { target_type: 'totp', target_user: user.email, target_totp_code: code });
    expect(ok.data).toMatchObject({ type: 'ok', auth_context: { email: user.email } });

    const replay = new TestClient(t.app);
    await replay.login(user.email);
    const refused = await replay.call(login, { target_type: 'totp', target_user: user.email, target_totp_code: code });
    expect(refused).toMatchObject({ status: 'error', code: 401 });
  });

  it('turning TOTP on forgets security keys: one method at a time', async () => {
    const { user, client } = await signedIn();
    const options = (await client.call(requestWebauthnChallenge, {})).data as PublicKeyCredentialCreationOptionsJSON;
    const key = new SoftwareAuthenticator(new URL(t.app.deps.config.PUBLIC_URL).origin);
    const registered = await client.call(enableWebauthn, {
      webauthn_challenge_response: JSON.stringify(key.register(options)),
      device_name: 'Old key',
    });
    expect(registered.status).toBe('ok');
    expect(await security.twoFactorMethod(t, { userId: user.id })).toBe('webauthn');
    const secret = newSecret();
    const res = await client.call(enableTotp, { totp_secret: secret, totp_verify_code: await codeFor(secret) });
    expect(res.data).toMatchObject({ method: 'totp', webauthn_devices: [] });
    expect((await securityOf(t, user.id)).keys).toEqual([]);
  });
});

describe('disable two-factor', () => {
  it('turns it off within ten minutes of signing in: event and mail', async () => {
    const { company, user, client } = await withTotp();
    const res = await client.call(disableTwoFactor, {});
    expect(res).toMatchObject({ status: 'ok', data: { method: 'none', enabled_at: null, webauthn_devices: [] } });
    expect(await security.twoFactorMethod(t, { userId: user.id })).toBe('none');
    const events = await companyEvents(t, company.id);
    expect(events.map((e) => e.event)).toContain('Turned off two-factor');
    const mails = await twoFactorMails(user.email);
    expect(mails).toHaveLength(2);
  });

  it('asks to confirm it is you when the last check is older than ten minutes', async () => {
    const { user, client } = await withTotp();
    t.clock.advance((REAUTH_AFTER_MINUTES + 1) * 60_000);
    const res = await client.call(disableTwoFactor, {});
    expect(res).toMatchObject({ status: 'error', code: 403, data: { reauth_required: true } });
    expect(await security.twoFactorMethod(t, { userId: user.id })).toBe('totp');
  });

  it('refuses an admin signed in as the user on every call that changes two-factor', async () => {
    const admin = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin' });
    const { user, secret } = await withTotp();
    const client = await new TestClient(t.app).useSession(t.db, t.clock, user.id, admin.user.id);
    expect((await client.call(getTwoFactor, {})).data).toMatchObject({ method: 'totp' });
    expect(await client.call(disableTwoFactor, {})).toMatchObject({ status: 'error', code: 403 });
    const fresh = newSecret();
    expect(await client.call(enableTotp, { totp_secret: fresh, totp_verify_code: await codeFor(fresh) })).toMatchObject({
      code: 403,
    });
    const row = (await securityOf(t, user.id)).totp;
    expect(openTotpSecret(t.app.deps.config, user.id, row?.secret ?? '')).toBe(secret);
  });
});

describe('a TOTP seed stored before seeds were sealed', () => {
  it('still signs in, and is sealed at that first use', async () => {
    const { user } = await signedIn();
    await insertTotp(t, user.id, t.clock.now());
    const plain = (await securityOf(t, user.id)).totp?.secret ?? '';
    expect(plain).not.toMatch(/^sealed:/);
    expect(await verify(user.id, await codeFor(plain))).toBe(true);
    const stored = (await securityOf(t, user.id)).totp?.secret ?? '';
    expect(stored).toMatch(/^sealed:v1:/);
    expect(openTotpSecret(t.app.deps.config, user.id, stored)).toBe(plain);
    t.clock.advance(30_000);
    expect(await verify(user.id, await codeFor(plain))).toBe(true);
  });
});
