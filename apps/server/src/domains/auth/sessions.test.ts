import { getAuthContext } from '@portal/contract/auth/auth-context';
import { listSessions, reauthenticate, revokeSession } from '@portal/contract/auth/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { setCompany } from '../../test/rows.ts';
import { THROTTLE } from './throttle.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function twoDevices() {
  const { user, company } = await newCompany(t.db);
  const laptop = new TestClient(t.app);
  const phone = new TestClient(t.app);
  await laptop.login(user.email);
  await phone.login(user.email);
  return { user, company, laptop, phone };
}

type Row = { id: string; is_current: boolean };

describe('active sessions', () => {
  it("lists the user's own sessions and marks the current one", async () => {
    const { laptop } = await twoDevices();
    const other = await twoDevices();
    const res = await laptop.call(listSessions, {});
    const rows = res.data as Row[];
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.is_current)).toHaveLength(1);
    const otherRows = (await other.laptop.call(listSessions, {})).data as Row[];
    expect(otherRows.map((r) => r.id)).not.toContain(rows[0]?.id);
  });

  it('signs out one other session, refuses the current one and sessions of other users', async () => {
    const { laptop, phone } = await twoDevices();
    const rows = (await laptop.call(listSessions, {})).data as Row[];
    const current = rows.find((r) => r.is_current);
    const phoneRow = rows.find((r) => !r.is_current);
    expect((await laptop.call(revokeSession, { target_session_id: current?.id })).data).toEqual({
      fields: { target_session_id: 'Use Sign out to end this session' },
    });
    const stranger = await twoDevices();
    const theirs = await stranger.laptop.call(revokeSession, { target_session_id: phoneRow?.id });
    expect(theirs.code).toBe(400);
    expect((await phone.call(getAuthContext, {})).data).not.toBeNull();

    expect((await laptop.call(revokeSession, { target_session_id: phoneRow?.id })).data).toEqual({ revoked: 1 });
    expect((await phone.call(getAuthContext, {})).data).toBeNull();
    expect((await laptop.call(getAuthContext, {})).data).not.toBeNull();
  });

  it('signs out all other sessions at once', async () => {
    const { user, laptop, phone } = await twoDevices();
    const tablet = new TestClient(t.app);
    await tablet.login(user.email);
    expect((await laptop.call(revokeSession, { all_other: true })).data).toEqual({ revoked: 2 });
    expect((await phone.call(getAuthContext, {})).data).toBeNull();
    expect((await tablet.call(getAuthContext, {})).data).toBeNull();
    expect((await laptop.call(listSessions, {})).data).toHaveLength(1);
  });

  it('refuses an admin signed in as the user', async () => {
    const { user } = await newCompany(t.db);
    const staff = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin' });
    const c = await new TestClient(t.app).useSession(t.db, t.clock, user.id, staff.user.id);
    expect((await c.call(revokeSession, { all_other: true })).code).toBe(403);
  });
});

describe('a session whose company has closed', () => {
  it.each(['DELETED', 'MIGRATED'] as const)('is refused once the company is %s, however it got there', async (state) => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const c = await new TestClient(t.app).useSession(t.db, t.clock, user.id);
    expect((await c.call(getAuthContext, {})).data).toMatchObject({ company_id: company.id });
    // Changed behind the services' back, so nothing ended the session: resolution alone must refuse it.
    await setCompany(t, company.id, { current_state: state });
    expect((await c.call(getAuthContext, {})).data).toBeNull();
    expect((await c.call(listSessions, {})).code).toBe(401);
  });
});

describe('re-checking who the user is', () => {
  it('accepts the password, refuses a wrong one, and records the time', async () => {
    const { laptop } = await twoDevices();
    const bad = await laptop.call(reauthenticate, { target_password: 'nope' });
    expect(bad).toMatchObject({ code: 401, data: { fields: { target_password: 'The password is not correct' } } });
    t.clock.advance(60_000);
    const ok = await laptop.call(reauthenticate, { target_password: 'test-password' });
    expect(ok.data).toEqual({ reauthenticated_at: t.clock.now().toISOString() });
  });

  it('counts parallel wrong passwords as the sign-in does (on PostgreSQL each runs on its own connection)', async () => {
    const { user } = await newCompany(t.db);
    const c = await new TestClient(t.app).useSession(t.db, t.clock, user.id);
    const codes = (await Promise.all(Array.from({ length: 15 }, () => c.call(reauthenticate, { target_password: 'nope' })))).map(
      (r) => r.code,
    );
    expect(codes.filter((code) => code === 401)).toHaveLength(THROTTLE.freeFailures);
    expect((await c.call(reauthenticate, { target_password: 'test-password' })).code).toBe(429);
  });

  it('asks for a password or code', async () => {
    const { laptop } = await twoDevices();
    expect((await laptop.call(reauthenticate, {})).data).toEqual({ fields: { target_password: 'Please enter a password' } });
  });
});
