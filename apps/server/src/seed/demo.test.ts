import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { TestClient, type TestContext, createTestContext } from '../test/harness.ts';
import { seedDemoIfEmpty } from './demo.ts';
import { DEMO_LOGINS, DEMO_PASSWORD } from './demo-world.ts';
import { countCompanies } from '../domains/tenancy/service.ts';
import { jobContext } from '../test/context.ts';
import { billingDevicesOf, creditPacksOf, dailyStatsOf, usageRowsOf } from '../test/rows.ts';
import * as billing from '../domains/billing/service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('demo world', () => {
  it('seeds once, at the size asked, and every README login works with its role', async () => {
    expect(await seedDemoIfEmpty(t.db, t.clock, { companies: 150 })).toBe(true);
    expect(await seedDemoIfEmpty(t.db, t.clock, { companies: 150 })).toBe(false);
    expect(await countCompanies(t.db)).toBe(150);
    for (const [email, role] of DEMO_LOGINS) {
      const res = await new TestClient(t.app).login(email, DEMO_PASSWORD);
      const type = (res.data as { type: string } | null)?.type;
      expect(type, `${email}: ${JSON.stringify(res)}`).toBe(role.includes('pending') ? 'reactivate_account' : 'ok');
    }
  });

  it('gives each distributor sub-accounts in every state', async () => {
    const admin = new TestClient(t.app);
    await admin.login('admin@example.com', DEMO_PASSWORD);
    for (const name of ['Southern', 'Northwind']) {
      const res = await admin.call(adminCompanyList, {
        target_search_query: name,
        target_company_states: ['TRIAL', 'ACTIVE', 'SUSPENDED', 'PENDING_DELETE', 'DELETED', 'MIGRATED'],
      });
      const counts = (res.data as { count_in_state: Record<string, number> }).count_in_state;
      for (const state of ['TRIAL', 'ACTIVE', 'SUSPENDED', 'PENDING_DELETE', 'DELETED', 'MIGRATED'])
        expect(counts[state], `${name} ${state}`).toBeGreaterThan(0);
    }
  });

  it('is deterministic: the same seed gives the same companies', async () => {
    const other = await createTestContext();
    await seedDemoIfEmpty(other.db, other.clock, { companies: 150 });
    const names = async (ctx: TestContext) => {
      const admin = new TestClient(ctx.app);
      await admin.login('admin@example.com', DEMO_PASSWORD);
      const res = await admin.call(adminCompanyList, {
        page_size: 200,
        target_order: 'id',
        target_company_states: ['TRIAL', 'ACTIVE', 'SUSPENDED', 'PENDING_DELETE', 'DELETED', 'MIGRATED'],
      });
      return (res.data as { rows: { company_name: string; current_state: string }[] }).rows.map(
        (r) => `${r.company_name}:${r.current_state}`,
      );
    };
    expect(await names(other)).toEqual(await names(t));
    await other.close();
  });
});

describe('demo world and the scheduled jobs', () => {
  it('holds no company that a job would move at once, and gives the demo customers two years of billing history whose books agree', async () => {
    const { expireTrials, finalizePendingDeletes, restoreCreditedCompanies, suspendOutOfCredit } = await import(
      '../domains/companies/lifecycle.ts'
    );
    const ctx = await createTestContext();
    await seedDemoIfEmpty(ctx.db, ctx.clock, { companies: 400 });
    const job = jobContext(ctx);
    expect(await expireTrials(job)).toBe(0);
    expect(await finalizePendingDeletes(job)).toBe(0);
    expect(await suspendOutOfCredit(job)).toBe(0);
    expect(await restoreCreditedCompanies(job)).toBe(0);
    expect(await billing.refundNewUsersJob(job)).toBe(0);
    expect(await billing.verifyLedger(job)).toEqual([]);

    const admin = new TestClient(ctx.app);
    await admin.login('admin@example.com', DEMO_PASSWORD);
    const found = await admin.call(adminCompanyList, { target_search_query: 'Acme Dental', target_company_states: ['ACTIVE'] });
    const acme = (found.data as { rows: { id: number }[] }).rows[0]?.id ?? 0;
    const today = billing.billingDayOf(ctx.clock.now());
    const usage = await usageRowsOf(ctx, acme);
    expect(usage.length).toBeGreaterThan(400 * 2);
    expect((usage.at(-1)?.charge_day ?? today) < today).toBe(true);
    expect(new Set(usage.map((u) => u.kind))).toEqual(new Set(['device', 'booster', 'storage', 'hosted_server']));
    expect((await creditPacksOf(ctx, acme)).map((p) => p.source)).toEqual(expect.arrayContaining(['admin', 'purchase', 'promo', 'refund']));
    // Its servers named today's devices, each with an operating system, for the Current Month OS report.
    const devices = (await billingDevicesOf(ctx, acme)).filter((d) => d.deleted_at === null && d.device_key.startsWith('device-'));
    const [latest] = await dailyStatsOf(ctx, acme);
    expect(devices).toHaveLength(latest?.device_count ?? -1);
    expect(new Set(devices.map((d) => d.reported_os)).size).toBeGreaterThan(2);
    const estimates = await billing.estimatesOf(job, acme);
    expect(estimates.balance).toBeGreaterThan(0);
    expect(estimates.days_remaining).toBeGreaterThan(0);
    // Every day before today is charged already: the run charges today alone, and once. Runout Ltd's credit
    // does not cover today's charge, so the sweep then suspends it.
    expect(await billing.runDailyCharging(job)).toBeGreaterThan(0);
    expect(await suspendOutOfCredit(job)).toBe(1);
    expect((await usageRowsOf(ctx, acme)).filter((u) => u.charge_day === today).length).toBeGreaterThan(0);
    expect(await billing.runDailyCharging(job)).toBe(0);
    expect(await billing.verifyLedger(job)).toEqual([]);
    await ctx.close();
  });
});
