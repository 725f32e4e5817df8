import { changePassword } from '@portal/contract/account/password';
import { reauthenticate } from '@portal/contract/auth/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany } from '../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const NEW_PASSWORD = 'quince-harbour-lamp-82';
const signsInWith = async (email: string, password: string) => (await new TestClient(t.app).login(email, password)).status === 'ok';

describe('change-password', () => {
  it('needs a sign-in check within the last 10 minutes, so a stolen session alone cannot keep the account', async () => {
    const { user } = await newCompany(t.db);
    const c = new TestClient(t.app);
    await c.login(user.email);
    t.clock.advance(11 * MINUTE);
    expect(await c.call(changePassword, { new_password: NEW_PASSWORD })).toMatchObject({
      code: 403,
      message: 'Please confirm it is you to continue',
      data: { reauth_required: true },
    });
    expect(await signsInWith(user.email, NEW_PASSWORD)).toBe(false);

    expect((await c.call(reauthenticate, { target_password: 'test-password' })).status).toBe('ok');
    expect((await c.call(changePassword, { new_password: NEW_PASSWORD })).status).toBe('ok');
    expect(await signsInWith(user.email, NEW_PASSWORD)).toBe(true);
  });

  it('goes through right after signing in', async () => {
    const { user } = await newCompany(t.db);
    const c = new TestClient(t.app);
    await c.login(user.email);
    t.clock.advance(9 * MINUTE);
    expect((await c.call(changePassword, { new_password: NEW_PASSWORD })).status).toBe('ok');
    expect(await signsInWith(user.email, NEW_PASSWORD)).toBe(true);
  });
});
