import { getAuthContext } from '@portal/contract/auth/auth-context';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany } from '../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function authFor(o: Parameters<typeof newCompany>[1]) {
  const { user } = await newCompany(t.db, o);
  const c = await new TestClient(t.app).useSession(t.db, t.clock, user.id);
  return (await c.call(getAuthContext, {})).data;
}

describe('the auth context gives the dashboard its dates', () => {
  it("a trial company's trial end", async () => {
    const ends = new Date(t.clock.now().getTime() + 12 * DAY_MS);
    expect(await authFor({ current_state: 'TRIAL', trial_expires_at: ends })).toMatchObject({
      trial_expires_at: ends.toISOString(),
      will_delete_at: null,
    });
  });

  it("a pending-delete company's deletion time, 21 days after the delete", async () => {
    const applied = new Date(t.clock.now().getTime() - 5 * DAY_MS);
    expect(await authFor({ current_state: 'PENDING_DELETE', current_state_applied_at: applied })).toMatchObject({
      trial_expires_at: null,
      will_delete_at: Math.floor((applied.getTime() + 21 * DAY_MS) / 1000),
    });
  });

  it('neither for an active company', async () => {
    expect(await authFor({ current_state: 'ACTIVE' })).toMatchObject({ trial_expires_at: null, will_delete_at: null });
  });
});
