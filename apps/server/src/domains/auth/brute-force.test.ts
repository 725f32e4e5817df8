import { resetPassword } from '@portal/contract/account/password';
import { login } from '@portal/contract/auth/login';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { requestReset } from '../../test/password-reset.ts';
import { THROTTLE, THROTTLE_MESSAGES } from './throttle.ts';

let t: TestContext;
beforeAll(async () => {
  // The tests play many addresses through X-Forwarded-For, as if behind a proxy on loopback.
  t = await createTestContext({ BOT_CHALLENGE_MAX_NUMBER: '1000', TRUST_PROXY: 'loopback' });
});
afterAll(() => t.close());

/** Each test signs in from its own address, so the per-address counter of one does not leak into another. */
let address = 0;
function clientFrom(ip = `10.0.${Math.floor(address / 250)}.${(address++ % 250) + 1}`) {
  const c = new TestClient(t.app);
  const post = c.post.bind(c);
  c.post = (url, payload, opts = {}) => post(url, payload, { ...opts, headers: { ...opts.headers, 'x-forwarded-for': ip } });
  return c;
}
const wrong = (c: TestClient, email: string) =>
  c.call(login, { target_type: 'password', target_user: email, target_password: 'wrong-password' });

describe('brute force against one account', () => {
  it('lets 5 of 100 wrong passwords in a row through and slows the other 95', async () => {
    const { user } = await newCompany(t.db);
    const attacker = clientFrom();
    const outcomes: number[] = [];
    for (let i = 0; i < 100; i++) outcomes.push((await wrong(attacker, user.email)).code);
    expect(outcomes.filter((c) => c === 401)).toHaveLength(THROTTLE.freeFailures);
    expect(outcomes.slice(THROTTLE.freeFailures)).toEqual(Array(100 - THROTTLE.freeFailures).fill(429));
  });

  it('refuses a patient attacker after 20 guesses; the owner can still reset and sign in', async () => {
    const { user } = await newCompany(t.db);
    const attacker = clientFrom();
    const started = t.clock.now().getTime();
    let guesses = 0;
    let refusal = null;
    for (let i = 0; i < 100 && !refusal; i++) {
      const res = await wrong(attacker, user.email);
      if (res.code === 401) guesses++;
      else if (res.message === THROTTLE_MESSAGES.blocked) refusal = res;
      // The attacker waits exactly as long as told, so every try while slowed is a real guess.
      else t.clock.advance((res.data as { retry_after_seconds: number }).retry_after_seconds * 1000);
    }
    expect(guesses).toBe(THROTTLE.accountBlockAfter);
    expect(refusal).toMatchObject({ code: 429, data: { retry_after_seconds: THROTTLE.blockMinutes * 60 } });
    // 20 guesses took the attacker ten minutes instead of a second.
    expect(t.clock.now().getTime() - started).toBeGreaterThan(10 * 60_000);

    // Even the right password is refused while blocked...
    const owner = clientFrom();
    const blocked = await owner.call(login, { target_type: 'password', target_user: user.email, target_password: 'test-password' });
    expect(blocked).toMatchObject({ code: 429, message: THROTTLE_MESSAGES.blocked });
    // ...but the reset path is open: a mailed link sets a new password and clears the counter.
    const token = await requestReset(t, user.email);
    expect((await owner.call(resetPassword, { email_token: token, new_password: 'owner-is-back-1' })).status).toBe('ok');
    const ok = await owner.call(login, { target_type: 'password', target_user: user.email, target_password: 'owner-is-back-1' });
    expect(ok).toMatchObject({ status: 'ok', data: { type: 'ok' } });
  });

  it('makes the caller wait after five failures and tells them how long', async () => {
    const { user } = await newCompany(t.db);
    const c = clientFrom();
    for (let i = 0; i < THROTTLE.freeFailures; i++) expect((await wrong(c, user.email)).code).toBe(401);
    const slowed = await wrong(c, user.email);
    expect(slowed).toMatchObject({ code: 429, message: THROTTLE_MESSAGES.slowDown(1), data: { retry_after_seconds: 1 } });
    t.clock.advance(1000);
    expect((await wrong(c, user.email)).code).toBe(401);
    expect((await wrong(c, user.email)).data).toMatchObject({ retry_after_seconds: 2 });
  });

  it('counts unknown accounts the same way, so throttling does not reveal which exist', async () => {
    const c = clientFrom();
    const ghost = `ghost-${Date.now()}@example.com`;
    const outcomes = [];
    for (let i = 0; i <= THROTTLE.freeFailures; i++) outcomes.push((await wrong(c, ghost)).code);
    expect(outcomes).toEqual([...Array(THROTTLE.freeFailures).fill(401), 429]);
  });

  it('refuses one address that tries many accounts', async () => {
    const ip = '10.9.9.9';
    const c = clientFrom(ip);
    let last = 0;
    for (let i = 0; i < THROTTLE.addressBlockAfter + 1; i++) last = (await wrong(c, `spray-${i}@example.com`)).code;
    expect(last).toBe(429);
    const { user } = await newCompany(t.db);
    expect((await c.call(login, { target_type: 'password', target_user: user.email, target_password: 'test-password' })).code).toBe(429);
    expect(
      (await clientFrom().call(login, { target_type: 'password', target_user: user.email, target_password: 'test-password' })).status,
    ).toBe('ok');
  });
});

/**
 * The embedded database runs one transaction at a time, so only PostgreSQL shows guesses racing each
 * other; there each call of a wave runs on its own pooled connection.
 */
describe('parallel guesses against one account', () => {
  const guesses = (c: TestClient, email: string, n: number) => Promise.all(Array.from({ length: n }, () => wrong(c, email)));
  const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

  it('runs on PostgreSQL when DATABASE_URL is set', () => {
    expect(t.handle.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('checks no more guesses in two parallel waves (20, then 10) than one at a time, and refuses the right password after', async () => {
    const { user } = await newCompany(t.db);
    const attacker = clientFrom();
    const first = (await guesses(attacker, user.email, 20)).map((r) => r.code);
    const second = (await guesses(attacker, user.email, 10)).map((r) => r.code);
    expect(count(first, 401)).toBe(THROTTLE.freeFailures);
    expect(count(first, 429)).toBe(20 - THROTTLE.freeFailures);
    expect(second).toEqual(Array(10).fill(429));

    const owner = clientFrom();
    const res = await owner.call(login, { target_type: 'password', target_user: user.email, target_password: 'test-password' });
    expect(res.code).toBe(429);
  });

  it('blocks after 20 checked guesses however they are sent, even the right password', async () => {
    const { user } = await newCompany(t.db);
    const attacker = clientFrom();
    let checked = 0;
    // Each wave comes once the last wait is over, so every wave may have one more guess checked.
    for (let wave = 0; wave < 25; wave++) {
      checked += count(
        (await guesses(attacker, user.email, 8)).map((r) => r.code),
        401,
      );
      t.clock.advance(THROTTLE.maxDelaySeconds * 1000);
    }
    expect(checked).toBe(THROTTLE.accountBlockAfter);
    const owner = clientFrom();
    const res = await owner.call(login, { target_type: 'password', target_user: user.email, target_password: 'test-password' });
    expect(res).toMatchObject({ code: 429, message: THROTTLE_MESSAGES.blocked });
  });
});
