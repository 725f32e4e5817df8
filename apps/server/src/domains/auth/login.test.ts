import { getAuthContext } from '@portal/contract/auth/auth-context';
import { login, logout } from '@portal/contract/auth/login';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { companyEvents, sessionsOf, userRow } from '../../test/rows.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('login', () => {
  it('answers the email step the same for known and unknown addresses', async () => {
    const { user } = await newCompany(t.db);
    const c = new TestClient(t.app);
    const known = await c.call(login, { target_type: 'email', target_user: user.email });
    const unknown = await c.call(login, { target_type: 'email', target_user: 'nobody@nowhere.example.com' });
    expect(known).toEqual(unknown);
    expect(known.data).toEqual({
      type: 'password_required',
      auth_context: null,
      will_delete_at: null,
      webauthn_challenge: null,
      redirect_url: null,
    });
    expect(c.cookies.portal_session).toBeUndefined();
  });

  it('refuses a wrong password and an unknown user with one generic message', async () => {
    const { user } = await newCompany(t.db);
    const c = new TestClient(t.app);
    const wrong = await c.call(login, { target_type: 'password', target_user: user.email, target_password: 'nope' });
    const unknown = await c.call(login, { target_type: 'password', target_user: 'ghost@example.com', target_password: 'nope' });
    expect(wrong).toMatchObject({ status: 'error', code: 401, message: 'Invalid email or password' });
    expect(unknown).toEqual(wrong);
    expect(c.cookies.portal_session).toBeUndefined();
  });

  it('validates the email and password fields with the spec messages', async () => {
    const c = new TestClient(t.app);
    const res = await c.call(login, { target_type: 'password', target_user: 'not-an-email', target_password: '' });
    expect(res.code).toBe(400);
    expect(res.data).toEqual({
      fields: { target_user: 'Please enter a valid email address', target_password: 'Please enter a password' },
    });
  });

  it('signs in with the right password: session cookie, auth context, time zone stored, event written', async () => {
    const { company, user } = await newCompany(t.db, { email: 'Mixed.Case@Example.com' });
    const c = new TestClient(t.app);
    const res = await c.call(login, {
      target_type: 'password',
      target_user: 'mixed.case@example.com',
      target_password: 'test-password',
      target_browser_timezone: 'Pacific/Auckland',
    });
    expect(res.status).toBe('ok');
    expect(res.data).toMatchObject({
      type: 'ok',
      auth_context: { email: user.email, company_id: company.id, roles: ['any', 'customer'], state: 'TRIAL' },
    });
    expect(c.cookies.portal_session).toBeTruthy();
    const stored = await userRow(t, user.id);
    expect(stored?.browser_timezone).toBe('Pacific/Auckland');
    const events = await companyEvents(t, company.id);
    expect(events.map((e) => e.event)).toContainEqual(expect.stringMatching(/^Signed in/));
    expect((await c.call(getAuthContext, {})).data).toMatchObject({ email: user.email });
  });

  it('issues a new session id at login and drops the old one', async () => {
    const { user } = await newCompany(t.db);
    const c = new TestClient(t.app);
    await c.login(user.email);
    const first = c.cookies.portal_session;
    await c.login(user.email);
    expect(c.cookies.portal_session).not.toBe(first);
    const rows = await sessionsOf(t, user.id);
    expect(rows).toHaveLength(1);
  });

  it('logs out: the session is gone and the auth context is null', async () => {
    const { user } = await newCompany(t.db);
    const c = new TestClient(t.app);
    await c.login(user.email);
    const token = c.cookies.portal_session;
    expect((await c.call(logout, {})).status).toBe('ok');
    expect((await c.call(getAuthContext, {})).data).toBeNull();
    const replay = new TestClient(t.app);
    replay.cookies = { portal_session: token ?? '' };
    expect((await replay.call(getAuthContext, {})).data).toBeNull();
  });

  it('sends a pending-delete company to reactivation with the deletion time', async () => {
    const applied = new Date('2026-11-01T00:00:00Z');
    const { user } = await newCompany(t.db, { current_state: 'PENDING_DELETE', current_state_applied_at: applied });
    const res = await new TestClient(t.app).login(user.email);
    expect(res.data).toMatchObject({ type: 'reactivate_account', will_delete_at: applied.getTime() / 1000 + 21 * 86400 });
  });

  it('tells the page a suspended company is suspended, and refuses deleted companies', async () => {
    const suspended = await newCompany(t.db, { current_state: 'SUSPENDED' });
    expect((await new TestClient(t.app).login(suspended.user.email)).data).toMatchObject({
      type: 'ok',
      auth_context: { state: 'SUSPENDED' },
    });
    const deleted = await newCompany(t.db, { current_state: 'DELETED' });
    expect(await new TestClient(t.app).login(deleted.user.email)).toMatchObject({ status: 'error', code: 403 });
  });

  it('ends a session that has been idle for a day', async () => {
    const { user } = await newCompany(t.db);
    const c = new TestClient(t.app);
    await c.login(user.email);
    t.clock.advance(25 * 3600 * 1000);
    expect((await c.call(getAuthContext, {})).data).toBeNull();
  });
});
