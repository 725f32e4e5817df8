import { getDistributorSettings, patchDistributorSettings } from '@portal/contract/companies/distributor-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestContext, newCompany } from '../../test/harness.ts';

const ONLY_HTTPS = 'Please enter an https:// address';

/** An admin's client and a distributor to set the custom URLs of, in an app of the given mode. */
async function setUp(env: Record<string, string> = {}) {
  const t = await createTestContext(env);
  const staff = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin', current_state: 'ACTIVE' });
  const admin = await new TestClient(t.app).useSession(t.db, t.clock, staff.user.id);
  const dist = await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE' });
  const patch = (urls: { custom_support_url?: string; custom_billing_url?: string }) =>
    admin.call(patchDistributorSettings, { target_id: dist.company.id, ...urls });
  const stored = async () => (await admin.call(getDistributorSettings, { target_id: dist.company.id })).data;
  return { t, patch, stored };
}

describe("a distributor's custom support and billing URLs", () => {
  let world: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    world = await setUp();
  });
  afterAll(() => world.t.close());

  it('refuses script, data and other non-web addresses', async () => {
    for (const url of [
      'javascript:alert(document.cookie)',
      'JavaScript://example.com/%0aalert(1)',
      'data:text/html,<b>x</b>',
      'ftp://files.example.com/',
    ]) {
      expect(await world.patch({ custom_support_url: url })).toMatchObject({
        code: 400,
        data: { fields: { custom_support_url: ONLY_HTTPS } },
      });
      expect(await world.patch({ custom_billing_url: url })).toMatchObject({
        code: 400,
        data: { fields: { custom_billing_url: ONLY_HTTPS } },
      });
    }
    expect(await world.stored()).toMatchObject({ custom_support_url: null, custom_billing_url: null });
  });

  it('refuses plain http outside development, and keeps https', async () => {
    expect(await world.patch({ custom_support_url: 'http://support.example.com/' })).toMatchObject({
      code: 400,
      data: { fields: { custom_support_url: ONLY_HTTPS } },
    });
    const res = await world.patch({
      custom_support_url: 'https://support.example.com/',
      custom_billing_url: 'https://billing.example.com/pay',
    });
    expect(res.status).toBe('ok');
    expect(await world.stored()).toMatchObject({
      custom_support_url: 'https://support.example.com/',
      custom_billing_url: 'https://billing.example.com/pay',
    });
  });
});

describe('custom URLs in development', () => {
  let world: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    world = await setUp({ NODE_ENV: 'development' });
  });
  afterAll(() => world.t.close());

  it('accepts plain http for a local support desk, but still no script', async () => {
    expect((await world.patch({ custom_support_url: 'http://localhost:8080/support' })).status).toBe('ok');
    expect(await world.patch({ custom_billing_url: 'javascript:alert(1)' })).toMatchObject({ code: 400 });
    expect(await world.stored()).toMatchObject({ custom_support_url: 'http://localhost:8080/support', custom_billing_url: null });
  });
});
