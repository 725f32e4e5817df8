import { randomInt } from 'node:crypto';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { getTwoFactor, enableTotp } from '@portal/contract/security/two-factor';
import { listCompanyUsers } from '@portal/contract/users/company-users';
import { createGuardrails, generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_SETUP_REQUIRED } from '../../platform/access.ts';
import { TestClient, type TestContext, createTestContext, newCompany } from '../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

describe('a company that requires two-factor', () => {
  it('holds its users at the setup until they have a second factor', async () => {
    const { user } = await newCompany(t.db, { require_two_factor: true });
    const c = new TestClient(t.app);
    expect((await c.login(user.email)).data).toMatchObject({ type: 'ok', auth_context: { needs_two_factor_setup: true } });

    const refused = await c.call(listCompanyUsers, {});
    expect(refused).toMatchObject({ code: 403, message: TWO_FACTOR_SETUP_REQUIRED, data: { two_factor_setup_required: true } });
    expect((await c.call(getTwoFactor, {})).status).toBe('ok');

    const secret = Array.from({ length: 16 }, () => BASE32[randomInt(32)]).join('');
    const code = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000), guardrails });
    expect((await c.call(enableTotp, { totp_secret: secret, totp_verify_code: code })).status).toBe('ok');
    expect((await c.call(getAuthContext, {})).data).toMatchObject({ needs_two_factor_setup: false });
    expect((await c.call(listCompanyUsers, {})).status).toBe('ok');
  });

  it('does not hold an admin signed in as the user, nor users of other companies', async () => {
    const { user } = await newCompany(t.db, { require_two_factor: true });
    const staff = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin' });
    const asAdmin = await new TestClient(t.app).useSession(t.db, t.clock, user.id, staff.user.id);
    expect((await asAdmin.call(getAuthContext, {})).data).toMatchObject({ needs_two_factor_setup: false });
    expect((await asAdmin.call(listCompanyUsers, {})).status).toBe('ok');

    const other = await newCompany(t.db);
    const c = await new TestClient(t.app).useSession(t.db, t.clock, other.user.id);
    expect((await c.call(listCompanyUsers, {})).status).toBe('ok');
  });
});
