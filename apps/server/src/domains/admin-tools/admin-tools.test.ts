import { requestLogList } from '@portal/contract/admin-tools/request-log-list';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { submitErrorReport } from '@portal/contract/web/submit-error-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { lastErrorReport } from '../../test/rows.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('browser error reports', () => {
  it('stores the report with the signed-in user and returns a code to show', async () => {
    const { company, user } = await newCompany(t.db);
    const c = new TestClient(t.app);
    await c.login(user.email);
    const res = await c.call(submitErrorReport, {
      error_name: 'TypeError',
      error_message: 'x is undefined',
      error_stack: 'at y',
      // A form sends the metadata as JSON text; the call coerces it.
      error_metadata: '{"url":"/dashboard"}' as unknown as Record<string, unknown>,
    });
    expect(res.data).toMatch(/^E-[A-Z2-9]{8}$/);
    expect(await lastErrorReport(t)).toMatchObject({
      code: res.data,
      error_name: 'TypeError',
      company_id: company.id,
      user_id: user.id,
      error_metadata: { url: '/dashboard' },
    });
  });

  it('accepts reports from signed-out pages', async () => {
    const res = await new TestClient(t.app).call(submitErrorReport, { error_name: 'Error' });
    expect(res.status).toBe('ok');
  });
});

describe('request log', () => {
  it("records each signed-in call (time, address, method, uri) for the user's company, readable by admins 10 per page", async () => {
    const { company, user } = await newCompany(t.db);
    const c = new TestClient(t.app);
    await c.login(user.email);
    for (let i = 0; i < 11; i++) await c.call(getAuthContext, {});
    await t.app.deps.requestLog.flush();

    const staff = await newCompany(t.db, { company_type: 'admin' });
    const admin = new TestClient(t.app);
    await admin.login(staff.user.email);
    const page = (await admin.call(requestLogList, { target_id: company.id })).data as {
      rows: { ip: string; method: string; uri: string }[];
      total: number;
    };
    // The password step and eleven auth-context calls.
    expect(page.total).toBe(12);
    expect(page.rows).toHaveLength(10);
    expect(page.rows[0]).toMatchObject({ ip: '127.0.0.1', method: 'POST', uri: '/api/v1/web/auth' });
  });
});
