import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_JOBS } from '../../jobs.ts';
import { type CallContext, type Logger, runInContext, systemSource } from '../../platform/context.ts';
import { jobContext } from '../../test/context.ts';
import { type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { alertRows, billingAccountRow, creditPacksOf, ledgerChecks, setBalance, setCreditPack } from '../../test/rows.ts';
import * as billing from './service.ts';

const DAY = 86_400_000;
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const ctx = () => jobContext(t);
const checkJob = () => {
  const job = ALL_JOBS.find((j) => j.name === 'check-ledger');
  if (!job) throw new Error('no check-ledger job');
  return job;
};
const QUIET: Logger = { info: () => {}, warn: () => {}, error: () => {} };
/** The job as the scheduler drains it: a step per transaction while it makes progress. */
async function runCheck() {
  let steps = 0;
  const step = () => runInContext({ ...t.app.deps, db: t.db }, systemSource(QUIET), (c) => checkJob().run(c as CallContext));
  while (await step()) steps++;
  return steps;
}

async function chargedCompany(credit: number, cents: number) {
  const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
  await billing.addCredit(ctx(), { company_id: company.id, name: 'Credit', amount: credit, source: 'admin', added_by_user: 'Ada' });
  // Hyper-V boosters, charged daily at 5 cents each, on the day the test charges next.
  const tomorrow = billing.billingDayOf(t, { at: new Date(t.clock.now().getTime() + DAY) });
  await billing.recordDailyStats(ctx(), { company_id: company.id, date: tomorrow, device_count: 0, boosters: { hyperv: cents / 5 } });
  return company.id;
}

describe('the ledger check after every charging day (scheduled: check-ledger)', () => {
  it('checks the rows written since the last watermark once a day is charged, and nothing before', async () => {
    t.clock.advance(DAY);
    await billing.runDailyCharging(ctx());
    await runCheck();
    const before = (await ledgerChecks(t)).length;
    expect(await runCheck()).toBe(0);

    const id = await chargedCompany(1000, 100);
    // No charging day completed since the last check: the new rows wait for one.
    expect(await runCheck()).toBe(0);
    t.clock.advance(DAY);
    const charged = await billing.runDailyCharging(ctx());
    expect(charged).toBeGreaterThan(0);
    expect(await runCheck()).toBe(2);
    const checks = await ledgerChecks(t);
    expect(checks).toHaveLength(before + 1);
    const [previous, check] = checks.slice(-2);
    expect(check).toMatchObject({ through_day: billing.billingDayOf(t), mismatches: 0, checked_at: t.clock.now() });
    expect(check?.ledger_from).toBe(previous?.ledger_to ?? 0);
    expect(check?.ledger_to).toBeGreaterThan(check?.ledger_from ?? 0);
    expect(check?.usage_to).toBeGreaterThan(check?.usage_from ?? 0);
    expect((await billingAccountRow(t, id))?.balance).toBeLessThan(1000);
    expect(await runCheck()).toBe(0);
  });

  it('raises a P1 alert naming each mismatch in the rows it checks: a balance and a pack that disagree with the ledger', async () => {
    t.clock.advance(DAY);
    await billing.runDailyCharging(ctx());
    await runCheck();
    const a = await chargedCompany(1000, 100);
    const b = await chargedCompany(2000, 50);
    t.clock.advance(DAY);
    await billing.runDailyCharging(ctx());
    const balanceOfA = (await billingAccountRow(t, a))?.balance ?? 0;
    await setBalance(t, a, balanceOfA - 7);
    const [packOfB] = await creditPacksOf(t, b);
    if (!packOfB) throw new Error('no pack');
    await setCreditPack(t, packOfB.id, { amount_used: packOfB.amount_used + 3 });
    const alertsBefore = (await alertRows(t)).length;

    await runCheck();
    expect((await ledgerChecks(t)).at(-1)?.mismatches).toBe(3);
    const raised = (await alertRows(t)).slice(alertsBefore);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ raised_by: null, raised_at: t.clock.now() });
    const problem = raised[0]?.problem ?? '';
    expect(problem).toContain(`The billing ledger disagrees with itself after the charging day ${billing.billingDayOf(t)}`);
    expect(problem).toContain(`balance #${a} (company ${a}): expected ${balanceOfA}, found ${balanceOfA - 7}`);
    expect(problem).toContain(
      `pack amount_used #${packOfB.id} (company ${b}): expected ${packOfB.amount_used}, found ${packOfB.amount_used + 3}`,
    );
    expect(problem).toContain(`balance #${b} (company ${b})`);
    // The full check finds the two planted (a pack is not re-summed into its balance there); the next day's check has its own window and raises nothing new.
    expect(await billing.verifyLedger(ctx())).toHaveLength(2);
    await setBalance(t, a, balanceOfA);
    await setCreditPack(t, packOfB.id, { amount_used: packOfB.amount_used });
    t.clock.advance(DAY);
    await billing.runDailyCharging(ctx());
    await runCheck();
    expect((await ledgerChecks(t)).at(-1)?.mismatches).toBe(0);
    expect(await alertRows(t)).toHaveLength(alertsBefore + 1);
  });

  it('leaves a company no new row names to the full check (npm run ledger:verify)', async () => {
    t.clock.advance(DAY);
    await billing.runDailyCharging(ctx());
    await runCheck();
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    await billing.addCredit(ctx(), { company_id: company.id, name: 'Credit', amount: 500, source: 'admin', added_by_user: 'Ada' });
    t.clock.advance(DAY);
    await billing.runDailyCharging(ctx());
    await runCheck();
    await setBalance(t, company.id, 499);
    t.clock.advance(DAY);
    await billing.runDailyCharging(ctx());
    await runCheck();
    expect((await ledgerChecks(t)).at(-1)?.mismatches).toBe(0);
    expect(await billing.verifyLedger(ctx())).toEqual([expect.objectContaining({ what: 'balance', company_id: company.id })]);
    await setBalance(t, company.id, 500);
  });
});
