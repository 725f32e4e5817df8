import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { addDays } from './days.ts';
import * as billing from './service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const ctx = () => jobContext(t);

describe('estimates', () => {
  it('has no days remaining before anything is charged, and no estimates', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    await billing.addCredit(ctx(), { company_id: company.id, name: 'Credit', amount: 5000, source: 'admin', added_by_user: 'Ada' });
    expect(await billing.estimatesOf(ctx(), { companyId: company.id })).toEqual({
      balance: 5000,
      days_remaining: null,
      estimated_monthly_cents: 0,
      estimated_weekly_cents: 0,
    });
  });

  it('spreads monthly charges over their month and counts daily ones each day, from the first charge on', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    await billing.addCredit(ctx(), { company_id: company.id, name: 'Credit', amount: 100_000, source: 'admin', added_by_user: 'Ada' });
    const today = billing.billingDayOf(t);
    for (let d = 0; d < 3; d++) {
      const date = addDays(today, d);
      await billing.recordDailyStats(ctx(), { company_id: company.id, date, device_count: 3, boosters: { hyperv: 10 } });
    }
    await billing.runDailyCharging(ctx());
    // Devices 3 × $2 a month (20 cents a day) and Hyper-V 10 × 5 cents a day: 70 cents a day.
    expect(await billing.estimatesOf(ctx(), { companyId: company.id })).toEqual({
      balance: 100_000 - 650,
      days_remaining: Math.floor(99_350 / 70),
      estimated_monthly_cents: 2100,
      estimated_weekly_cents: 490,
    });
    // A day later, before the day's run, the estimate holds; a stopped service drops out of it.
    t.clock.advance(86_400_000);
    expect((await billing.estimatesOf(ctx(), { companyId: company.id })).estimated_monthly_cents).toBe(2100);
    const [device] = (await billing.runningServices(ctx(), { companyId: company.id })).filter((s) => s.kind === 'device');
    await billing.stopService(ctx(), { service_id: device?.id ?? 0 });
    expect((await billing.estimatesOf(ctx(), { companyId: company.id })).estimated_monthly_cents).toBe(1500);
  });

  it('counts no days left once the balance is gone', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth', has_contract_billing: true });
    const today = billing.billingDayOf(t);
    await billing.recordDailyStats(ctx(), { company_id: company.id, date: today, device_count: 0, boosters: { hyperv: 10 } });
    t.clock.advance(86_400_000);
    await billing.recordDailyStats(ctx(), {
      company_id: company.id,
      date: billing.billingDayOf(t),
      device_count: 0,
      boosters: { hyperv: 10 },
    });
    await billing.runDailyCharging(ctx());
    expect(await billing.estimatesOf(ctx(), { companyId: company.id })).toMatchObject({ balance: -100, days_remaining: 0 });
  });
});
