import { getAuthContext } from '@portal/contract/auth/auth-context';
import { endImpersonation, impersonate } from '@portal/contract/auth/impersonate';
import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany, newUser } from '../../test/harness.ts';
import { companyEvents } from '../../test/rows.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('admin impersonation', () => {
  it("switches to the company's primary user, remembers the admin, logs it, and ends", async () => {
    const staff = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin', email: 'boss@admin.example.com' });
    const target = await newCompany(t.db, { company_type: 'customer' });
    await newUser(t.db, target.company.id, { email: 'second@target.example.com' });
    const c = new TestClient(t.app);
    await c.login(staff.user.email);
    const adminSession = c.cookies.portal_session;

    const res = await c.call(impersonate, { target_id: target.company.id });
    expect(res.data).toMatchObject({ email: target.user.email, company_id: target.company.id, impersonated_by: 'boss@admin.example.com' });
    expect(c.cookies.portal_session).not.toBe(adminSession);
    const ctx = (await c.call(getAuthContext, {})).data as { roles: string[] };
    expect(ctx.roles).toEqual(['any', 'customer', 'admin_impersonating']);
    // Impersonation grants the customer's powers, not the admin's.
    expect((await c.call(adminCompanyList, {})).code).toBe(403);

    const back = await c.call(endImpersonation, {});
    expect(back.data).toMatchObject({ email: 'boss@admin.example.com', impersonated_by: null });
    const events = await companyEvents(t, target.company.id);
    expect(events.map((e) => e.event)).toEqual([`Signed in as Test User <${target.user.email}>`, 'Stopped signing in as this company']);
    expect(events[0]?.actor).toContain('boss@admin.example.com');
  });

  it('refuses to impersonate staff companies and answers 404 for unknown ones', async () => {
    const staff = await newCompany(t.db, { company_type: 'admin' });
    const other = await newCompany(t.db, { company_type: 'admin' });
    const c = new TestClient(t.app);
    await c.login(staff.user.email);
    expect((await c.call(impersonate, { target_id: other.company.id })).code).toBe(403);
    expect((await c.call(impersonate, { target_id: 999_999 })).code).toBe(404);
  });

  it('refuses non-admins, and ending without impersonating', async () => {
    const support = await newCompany(t.db, { company_type: 'admin', staff_role: 'support' });
    const target = await newCompany(t.db);
    const c = new TestClient(t.app);
    await c.login(support.user.email);
    expect((await c.call(impersonate, { target_id: target.company.id })).code).toBe(403);
    expect((await c.call(endImpersonation, {})).code).toBe(403);
  });
});
