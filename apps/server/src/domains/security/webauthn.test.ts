import { randomInt } from 'node:crypto';
import { login } from '@portal/contract/auth/login';
import { disableTwoFactor, enableTotp, enableWebauthn, getTwoFactor, requestWebauthnChallenge } from '@portal/contract/security/two-factor';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { createGuardrails, generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { callContext } from '../../test/context.ts';
import { TestClient, type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { mailsTo } from '../../test/mail.ts';
import { companyEvents, securityOf } from '../../test/rows.ts';
import { SoftwareAuthenticator } from '../../test/webauthn-authenticator.ts';
import * as security from './service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** The test app runs with the default public address; the relying party follows it. */
const config = loadConfig({ NODE_ENV: 'test' });
const ORIGIN = new URL(config.PUBLIC_URL).origin;

/** The second step of a sign-in, as the sign-in call makes it, from a signed-out browser. */
const verifyForLogin = async (userId: number, challenge: string, responseJson: string) =>
  security.verifyWebauthnForLogin(await callContext(t), { userId, expectedChallenge: challenge, responseJson });
const keysOf = async (userId: number) => (await securityOf(t, userId)).keys;

async function signedIn() {
  const { company, user } = await newCompany(t.db);
  const client = await new TestClient(t.app).useSession(t.db, t.clock, user.id);
  return { company, user, client };
}

async function register(client: TestClient, key: SoftwareAuthenticator, deviceName?: string) {
  const options = (await client.call(requestWebauthnChallenge, {})).data as PublicKeyCredentialCreationOptionsJSON;
  return client.call(enableWebauthn, {
    webauthn_challenge_response: JSON.stringify(key.register(options)),
    ...(deviceName === undefined ? {} : { device_name: deviceName }),
  });
}

async function withKey() {
  const made = await signedIn();
  const key = new SoftwareAuthenticator(ORIGIN);
  expect((await register(made.client, key, 'Desk key')).status).toBe('ok');
  return { ...made, key };
}

async function loginWith(userId: number, key: SoftwareAuthenticator, o: Parameters<SoftwareAuthenticator['assert']>[1] = {}) {
  const { options, challenge } = await security.webauthnLoginOptions({ db: t.db, config: config }, { userId });
  return verifyForLogin(userId, challenge, JSON.stringify(key.assert(options, o)));
}

const failed = { status: 'error', code: 400, message: 'Failed to register WebAuthn device' };

describe('WebAuthn registration', () => {
  it('offers options for this relying party that exclude keys already registered', async () => {
    const { user, client, key } = await withKey();
    const options = (await client.call(requestWebauthnChallenge, {})).data as PublicKeyCredentialCreationOptionsJSON;
    expect(options.rp).toEqual({ name: 'Backup Portal', id: new URL(ORIGIN).hostname });
    expect(options.user.name).toBe(user.email);
    expect(options.attestation).toBe('none');
    expect(options.authenticatorSelection?.userVerification).toBe('preferred');
    expect(options.excludeCredentials?.map((c) => c.id)).toEqual([key.id]);
  });

  it('registers a key: stored with its public key, counter and name; event and mail', async () => {
    const { company, user, client } = await signedIn();
    const key = new SoftwareAuthenticator(ORIGIN);
    const res = await register(client, key, 'YubiKey');
    expect(res).toMatchObject({
      status: 'ok',
      data: { method: 'webauthn', webauthn_devices: [{ id: key.id, name: 'YubiKey', created_at: t.clock.now().toISOString() }] },
    });
    const [row] = await keysOf(user.id);
    expect(row).toMatchObject({ id: key.id, counter: 0, transports: 'usb', name: 'YubiKey' });
    expect(row?.public_key).toMatch(/^[A-Za-z0-9_-]+$/);
    const events = await companyEvents(t, company.id);
    expect(events.map((e) => e.event)).toContain('Added security key "YubiKey" for two-factor');
    const mails = (await mailsTo(t.db, user.email)).filter((m) => m.template === 'two_factor_changed');
    expect(mails).toHaveLength(1);
  });

  it('allows several keys, and names an unnamed one', async () => {
    const { client } = await withKey();
    const res = await register(client, new SoftwareAuthenticator(ORIGIN), '');
    expect((res.data as { webauthn_devices: { name: string }[] }).webauthn_devices.map((d) => d.name)).toEqual([
      'Desk key',
      'Security key',
    ]);
  });

  it('refuses an answer for another origin or relying party, without a challenge, or that is not JSON', async () => {
    const { user, client } = await signedIn();
    const key = new SoftwareAuthenticator(ORIGIN);
    let options = (await client.call(requestWebauthnChallenge, {})).data as PublicKeyCredentialCreationOptionsJSON;
    const phished = key.register(options, { origin: 'https://portal.example.evil' });
    expect(await client.call(enableWebauthn, { webauthn_challenge_response: JSON.stringify(phished) })).toMatchObject(failed);

    options = (await client.call(requestWebauthnChallenge, {})).data as PublicKeyCredentialCreationOptionsJSON;
    const otherRp = key.register(options, { rpId: 'evil.example' });
    expect(await client.call(enableWebauthn, { webauthn_challenge_response: JSON.stringify(otherRp) })).toMatchObject(failed);

    const made = await signedIn();
    const unasked = key.register({ challenge: 'bm90LWFza2Vk' });
    expect(await made.client.call(enableWebauthn, { webauthn_challenge_response: JSON.stringify(unasked) })).toMatchObject(failed);

    await client.call(requestWebauthnChallenge, {});
    expect(await client.call(enableWebauthn, { webauthn_challenge_response: 'not json' })).toMatchObject(failed);
    expect(await client.call(enableWebauthn, { webauthn_challenge_response: '{}' })).toMatchObject(failed);
    expect(await security.twoFactorMethod(t, { userId: user.id })).toBe('none');
  });

  it('keeps only well-formed transport names from the page', async () => {
    const { user, client } = await signedIn();
    const key = new SoftwareAuthenticator(ORIGIN);
    const options = (await client.call(requestWebauthnChallenge, {})).data as PublicKeyCredentialCreationOptionsJSON;
    const answer = key.register(options);
    const odd = { ...answer, response: { ...answer.response, transports: 'usb' } };
    expect((await client.call(enableWebauthn, { webauthn_challenge_response: JSON.stringify(odd) })).status).toBe('ok');
    const [row] = await keysOf(user.id);
    expect(row?.transports).toBe('');
  });

  it('refuses an answer to a challenge older than five minutes', async () => {
    const { client } = await signedIn();
    const key = new SoftwareAuthenticator(ORIGIN);
    const options = (await client.call(requestWebauthnChallenge, {})).data as PublicKeyCredentialCreationOptionsJSON;
    t.clock.advance(5 * 60_000 + 1000);
    expect(await client.call(enableWebauthn, { webauthn_challenge_response: JSON.stringify(key.register(options)) })).toMatchObject(failed);
  });

  it('uses a challenge once', async () => {
    const { client } = await withKey();
    const key = new SoftwareAuthenticator(ORIGIN);
    const options = (await client.call(requestWebauthnChallenge, {})).data as PublicKeyCredentialCreationOptionsJSON;
    expect((await client.call(enableWebauthn, { webauthn_challenge_response: JSON.stringify(key.register(options)) })).status).toBe('ok');
    const again = new SoftwareAuthenticator(ORIGIN);
    expect(await client.call(enableWebauthn, { webauthn_challenge_response: JSON.stringify(again.register(options)) })).toMatchObject(
      failed,
    );
  });

  it('refuses a key already registered to another account', async () => {
    const first = await withKey();
    const second = await signedIn();
    expect(await register(second.client, first.key)).toMatchObject(failed);
    expect((await keysOf(first.user.id)).map((k) => k.id)).toEqual([first.key.id]);
    expect(await keysOf(second.user.id)).toEqual([]);
  });

  it('registering a key forgets TOTP, and disabling forgets every key', async () => {
    const { user, client } = await signedIn();
    const secret = Array.from({ length: 16 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[randomInt(32)]).join('');
    const code = await generate({ secret, epoch: t.clock.now().getTime() / 1000, guardrails: createGuardrails({ MIN_SECRET_BYTES: 10 }) });
    expect((await client.call(enableTotp, { totp_secret: secret, totp_verify_code: code })).status).toBe('ok');
    await register(client, new SoftwareAuthenticator(ORIGIN));
    await register(client, new SoftwareAuthenticator(ORIGIN));
    expect((await securityOf(t, user.id)).totp).toBeNull();
    expect((await client.call(getTwoFactor, {})).data).toMatchObject({ method: 'webauthn' });
    expect((await client.call(disableTwoFactor, {})).data).toEqual({ method: 'none', enabled_at: null, webauthn_devices: [] });
    expect(await keysOf(user.id)).toEqual([]);
  });

  it('refuses an admin signed in as the user', async () => {
    const admin = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin' });
    const { user } = await signedIn();
    const client = await new TestClient(t.app).useSession(t.db, t.clock, user.id, admin.user.id);
    expect(await client.call(requestWebauthnChallenge, {})).toMatchObject({ code: 403 });
    const key = new SoftwareAuthenticator(ORIGIN);
    const res = await client.call(enableWebauthn, { webauthn_challenge_response: JSON.stringify(key.register({ challenge: 'eA' })) });
    expect(res).toMatchObject({ code: 403 });
  });
});

describe('WebAuthn sign-in', () => {
  it('offers the user’s own keys and accepts a signed assertion: counter and last use recorded', async () => {
    const { user, key } = await withKey();
    const { options, challenge } = await security.webauthnLoginOptions({ db: t.db, config: config }, { userId: user.id });
    expect(options.challenge).toBe(challenge);
    expect(options.rpId).toBe(new URL(ORIGIN).hostname);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([key.id]);
    t.clock.advance(1000);
    const ok = await verifyForLogin(user.id, challenge, JSON.stringify(key.assert(options)));
    expect(ok).toBe(true);
    const row = (await keysOf(user.id)).find((k) => k.id === key.id);
    expect(row).toMatchObject({ counter: 1, last_used_at: t.clock.now() });
    expect(await loginWith(user.id, key)).toBe(true);
  });

  it('refuses an assertion for another challenge, origin, or relying party', async () => {
    const { user, key } = await withKey();
    const { options } = await security.webauthnLoginOptions({ db: t.db, config: config }, { userId: user.id });
    const other = await security.webauthnLoginOptions({ db: t.db, config: config }, { userId: user.id });
    const response = JSON.stringify(key.assert(options));
    expect(await verifyForLogin(user.id, other.challenge, response)).toBe(false);
    expect(await loginWith(user.id, key, { origin: 'https://portal.example.evil' })).toBe(false);
    expect(await loginWith(user.id, key, { rpId: 'evil.example' })).toBe(false);
  });

  it('refuses a replayed assertion and a counter that did not move forward (a cloned key)', async () => {
    const { user, key } = await withKey();
    const { options, challenge } = await security.webauthnLoginOptions({ db: t.db, config: config }, { userId: user.id });
    const response = JSON.stringify(key.assert(options));
    expect(await verifyForLogin(user.id, challenge, response)).toBe(true);
    expect(await verifyForLogin(user.id, challenge, response)).toBe(false);
    expect(await loginWith(user.id, key, { keepCounter: true })).toBe(false);
    key.counter = 0;
    expect(await loginWith(user.id, key)).toBe(false);
  });

  it('refuses another account’s key, an unknown key and a user without keys', async () => {
    const owner = await withKey();
    const other = await withKey();
    const { options, challenge } = await security.webauthnLoginOptions({ db: t.db, config: config }, { userId: other.user.id });
    const stolen = JSON.stringify(owner.key.assert(options));
    expect(await verifyForLogin(other.user.id, challenge, stolen)).toBe(false);
    const unknown = JSON.stringify(new SoftwareAuthenticator(ORIGIN).assert(options));
    expect(await verifyForLogin(other.user.id, challenge, unknown)).toBe(false);
    const none = await signedIn();
    expect(await verifyForLogin(none.user.id, challenge, stolen)).toBe(false);
    const row = (await keysOf(owner.user.id)).find((k) => k.id === owner.key.id);
    expect(row?.counter).toBe(0);
  });

  it('answers false, never throws, for input that is not an assertion', async () => {
    const { user } = await withKey();
    const { challenge } = await security.webauthnLoginOptions({ db: t.db, config: config }, { userId: user.id });
    for (const junk of ['', 'null', '[]', '42', '{"id":7}', '{"id":"x","response":null}', '{', JSON.stringify({ id: 'a'.repeat(5000) })]) {
      expect(await verifyForLogin(user.id, challenge, junk)).toBe(false);
    }
  });

  it('signs in with the password and then the security key', async () => {
    const { user, key } = await withKey();
    const c = new TestClient(t.app);
    const first = await c.login(user.email);
    expect(first.data).toMatchObject({ type: 'webauthn_required' });
    const options = (first.data as { webauthn_challenge: { challenge: string } }).webauthn_challenge;
    const res = await c.call(login, {
      target_type: 'webauthn',
      target_user: user.email,
      target_webauthn_response: JSON.stringify(key.assert(options)),
    });
    expect(res.data).toMatchObject({ type: 'ok', auth_context: { email: user.email } });
  });
});
