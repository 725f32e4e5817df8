import { requestLogList } from '@portal/contract/admin-tools/request-log-list';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { submitErrorReport } from '@portal/contract/web/submit-error-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ON_POSTGRES, TestClient, type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { lastErrorReport } from '../../test/rows.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** The limit the service applies; restated so the test reads on its own. */
const REPORTS_PER_HOUR = 30;

function report(remoteAddress: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: submitErrorReport.path, remoteAddress, payload });
}

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

  it('refuses metadata over 16 KB of JSON, storing nothing', async () => {
    const before = await lastErrorReport(t);
    const res = await report('198.51.100.20', { error_name: 'Huge', error_metadata: { blob: 'x'.repeat(1_500_000) } });
    expect(res.json()).toMatchObject({ status: 'error', code: 400, data: { fields: { error_metadata: expect.any(String) } } });
    expect(await lastErrorReport(t)).toEqual(before);
    const fits = await report('198.51.100.20', { error_name: 'Fits', error_metadata: { blob: 'x'.repeat(16_000) } });
    expect(fits.json()).toMatchObject({ status: 'ok' });
  });

  it(`takes ${REPORTS_PER_HOUR} anonymous reports an hour from an address, then answers 429`, async () => {
    const address = '198.51.100.21';
    const codes: number[] = [];
    for (let i = 0; i <= REPORTS_PER_HOUR; i++) codes.push((await report(address, { error_name: `Flood ${i}` })).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(REPORTS_PER_HOUR);
    const refused = await report(address, { error_name: 'One more' });
    expect(refused.json()).toMatchObject({ status: 'error', code: 429, message: 'Too many requests, please try again later' });
    expect((await lastErrorReport(t))?.error_name).toBe(`Flood ${REPORTS_PER_HOUR - 1}`);

    // Another address, and a signed-in user at the same address, still report.
    expect((await report('198.51.100.22', { error_name: 'Elsewhere' })).statusCode).toBe(200);
    const { user } = await newCompany(t.db);
    const signedIn = await new TestClient(t.app).useSession(t.db, t.clock, user.id);
    const res = await t.app.inject({
      method: 'POST',
      url: submitErrorReport.path,
      remoteAddress: address,
      cookies: signedIn.cookies,
      headers: { 'x-csrf-token': signedIn.csrf ?? '' },
      payload: { error_name: 'Signed in' },
    });
    expect(res.statusCode, res.body).toBe(200);

    // An hour later the address may report again.
    t.clock.advance(60 * 60 * 1000 + 1);
    expect((await report(address, { error_name: 'Next hour' })).statusCode).toBe(200);
  });

  it.skipIf(!ON_POSTGRES)('holds the limit for reports sent at the same moment (PostgreSQL, parallel connections)', async () => {
    const address = '198.51.100.23';
    const all = await Promise.all(
      Array.from({ length: REPORTS_PER_HOUR + 10 }, (_, i) => report(address, { error_name: `Parallel ${i}` })),
    );
    const codes = all.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(REPORTS_PER_HOUR);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
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
