import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { dailyStatsOf, servicesOf, usageRowsOf } from '../../test/rows.ts';
import * as billing from './service.ts';
import { recomputeServicesJob } from './service-registry.ts';

const HOUR = 3_600_000;
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const ctx = () => jobContext(t);
const today = () => billing.billingDayOf(t);

async function company(plan = 'Growth') {
  const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: plan });
  await billing.addCredit(ctx(), { company_id: company.id, name: 'Credit', amount: 100_000, source: 'admin', added_by_user: 'Ada' });
  return company.id;
}

describe('daily stats', () => {
  it('keeps what another domain reported for the day: each report changes only the figures it names', async () => {
    const id = await company();
    await billing.recordDailyStats(ctx(), { company_id: id, date: today(), device_count: 5, boosters: { hyperv: 2 } });
    await billing.recordDailyStats(ctx(), { company_id: id, date: today(), storage_amount_bytes: 3_000_000 });
    await billing.recordDailyStats(ctx(), { company_id: id, date: today(), hosted_comet_v2_count: 1 });
    const [day] = await dailyStatsOf(t, id);
    expect(day).toMatchObject({
      device_count: 5,
      booster_hyperv: 2,
      booster_count: 2,
      storage_amount_bytes: 3_000_000,
      hosted_comet_v2_count: 1,
    });
    // The servers' next report of the day replaces their own figures only.
    await billing.recordDailyStats(ctx(), { company_id: id, date: today(), device_count: 6 });
    expect((await dailyStatsOf(t, id))[0]).toMatchObject({
      device_count: 6,
      booster_count: 0,
      storage_amount_bytes: 3_000_000,
      hosted_comet_v2_count: 1,
    });
  });
});

describe('services', () => {
  it('starts the metered services a day’s stats count, and recomputes their figures twice a day from the latest stats', async () => {
    const id = await company('Starter');
    await billing.recordDailyStats(ctx(), { company_id: id, date: today(), device_count: 4, boosters: { microsoft365: 10, vmware: 0 } });
    const started = await servicesOf(t, id);
    expect(started.map((s) => [s.kind, s.variant, s.rebill_every_days, s.unit_cost, s.quantity, s.amount])).toEqual([
      ['device', '', 30, 300, 4, 1200],
      ['booster', 'microsoft365', 30, 150, 10, 1500],
    ]);
    // A second report of the day makes no second service.
    await billing.recordDailyStats(ctx(), { company_id: id, date: today(), device_count: 6, boosters: { microsoft365: 10 } });
    expect(await servicesOf(t, id)).toHaveLength(2);

    t.clock.advance(12 * HOUR);
    await billing.recordDailyStats(ctx(), { company_id: id, date: today(), device_count: 7, boosters: { microsoft365: 12 } });
    expect(await recomputeServicesJob(ctx())).toBeGreaterThanOrEqual(2);
    const recomputed = await servicesOf(t, id);
    expect(recomputed.map((s) => [s.kind, s.quantity, s.amount, s.pricing_description])).toEqual([
      ['device', 7, 2100, '$3.00 per device per month'],
      ['booster', 12, 1800, '$1.50 per protected Microsoft 365 account per month'],
    ]);
    // Twice a day: an hour later nothing is due again; twelve hours later it is.
    t.clock.advance(HOUR);
    expect(await recomputeServicesJob(ctx())).toBe(0);
    t.clock.advance(11 * HOUR);
    expect(await recomputeServicesJob(ctx())).toBeGreaterThanOrEqual(2);
  });

  it('starts, resizes and stops a service of another domain; one running service per resource; a stopped one is not charged', async () => {
    const id = await company();
    const ref = { owner_kind: 'hosted_server', owner_id: `console-${id}` };
    const console = await billing.startService(ctx(), { company_id: id, kind: 'hosted_server', details: 'backup.example.com', ...ref });
    expect(console).toMatchObject({ rebill_every_days: 30, unit_cost: 1000, quantity: 1, amount: 1000 });
    await expect(billing.startService(ctx(), { company_id: id, kind: 'hosted_server', ...ref })).rejects.toThrow();
    const portal = await billing.startService(ctx(), {
      company_id: id,
      kind: 'cloudview',
      owner_kind: 'cloudview',
      owner_id: `portal-${id}`,
    });
    expect((await billing.resizeService(ctx(), { ref, changes: { details: 'renamed.example.com' } })).details).toBe('renamed.example.com');
    expect((await billing.stopService(ctx(), { service_id: portal.id }))?.stopped_at).not.toBeNull();
    expect(await billing.stopService(ctx(), { service_id: portal.id })).toBeNull();
    await billing.runDailyCharging(ctx());
    expect((await usageRowsOf(t, id)).map((u) => [u.kind, u.amount, u.details])).toEqual([['hosted_server', 1000, 'renamed.example.com']]);
    // The same resource may run a new service once the old one stopped.
    await billing.stopService(ctx(), ref);
    expect((await billing.startService(ctx(), { company_id: id, kind: 'hosted_server', ...ref })).stopped_at).toBeNull();
  });
});
