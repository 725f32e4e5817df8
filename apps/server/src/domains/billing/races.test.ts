import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallContext, type Logger, runInContext, systemSource } from '../../platform/context.ts';
import { jobContext } from '../../test/context.ts';
import { ON_POSTGRES, type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { creditPacksOf, usageRowsOf } from '../../test/rows.ts';
import { addDays } from './days.ts';
import * as billing from './service.ts';
import { chargeNextBatch } from './charging.ts';
import { expireDuePacksJob } from './ledger.ts';

const DAY = 86_400_000;
const QUIET: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Charges, credits and charging runs at the same moment on PostgreSQL's parallel connections, each in its
 * own transaction as calls and scheduled jobs on different app nodes run them.
 */
describe.skipIf(!ON_POSTGRES)('billing under parallel transactions (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const inTransaction = <T>(work: (ctx: CallContext) => Promise<T>) =>
    runInContext({ ...t.app.deps, db: t.db }, systemSource(QUIET), (ctx) => work(ctx as CallContext));

  /** Runs the tasks with at most `width` in flight (the pool has 20 connections). */
  async function inParallel(tasks: (() => Promise<unknown>)[], width = 16) {
    let next = 0;
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (next < tasks.length) {
          const task = tasks[next++];
          await task?.();
        }
      }),
    );
  }

  it('keeps every balance to the cent through 10,000 concurrent charges and credits, with the ledger check green', async () => {
    const COMPANIES = 20;
    const EACH = 250;
    const ctx = jobContext(t);
    const companies: number[] = [];
    const services: number[] = [];
    for (let k = 0; k < COMPANIES; k++) {
      const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
      companies.push(company.id);
      await billing.addCredit(ctx, { company_id: company.id, name: 'Opening', amount: 250_000, source: 'admin', added_by_user: 'Ada' });
      await inTransaction(async (c) => {
        for (let i = 0; i < EACH; i++) {
          const s = await billing.startService(c, {
            company_id: company.id,
            kind: 'hosted_server',
            owner_kind: 'test',
            owner_id: `race-${company.id}-${i}`,
          });
          services.push(s.id);
        }
      });
    }
    // Credits of 1 to 1000 cents, some expiring, so charges draw from many packs in turn.
    const credits = Array.from({ length: COMPANIES * EACH }, (_, i) => ({
      companyId: companies[i % COMPANIES] ?? 0,
      amount: 1 + ((i * 7919) % 1000),
    }));
    const expiries = [null, 5, 30, 365];
    const tasks = [
      ...services.map((id) => () => inTransaction((c) => billing.chargeServiceNow(c, { serviceId: id }))),
      ...credits.map(
        ({ companyId, amount }, i) =>
          () =>
            inTransaction((c) =>
              billing.addCredit(c, {
                company_id: companyId,
                name: `Credit ${i}`,
                amount,
                source: 'purchase',
                added_by_user: 'race',
                expiry_days: expiries[i % 4],
              }),
            ),
      ),
    ];
    // Charges and credits interleaved, so they race for the same packs and balances.
    const mixed = tasks.map((task, i) => ({ task, k: (i * 2654435761) % 10007 })).sort((a, b) => a.k - b.k);
    expect(mixed).toHaveLength(10_000);
    await inParallel(mixed.map((m) => m.task));

    for (const id of companies) {
      expect(await usageRowsOf(t, id)).toHaveLength(EACH);
      const added = credits.filter((c) => c.companyId === id).reduce((sum, c) => sum + c.amount, 0);
      const expected = 250_000 + added - EACH * 1000;
      expect(await billing.balanceOf(ctx, { companyId: id })).toBe(expected);
      const packs = await creditPacksOf(t, id);
      expect(packs.reduce((sum, p) => sum + p.amount - p.amount_used - p.amount_expired, 0)).toBe(expected);
    }
    expect(await billing.verifyLedger(ctx)).toEqual([]);
  }, 240_000);

  it('keeps the books when top-ups, charges and expiry race for companies a little in debt, with packs expiring mid-run', async () => {
    const COMPANIES = 12;
    const EACH = 30;
    const ctx = jobContext(t);
    const companies: number[] = [];
    const services: number[] = [];
    for (let k = 0; k < COMPANIES; k++) {
      // Half have contract billing, so they are charged while in debt too; the others once a top-up clears it.
      const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth', has_contract_billing: k % 2 === 0 });
      companies.push(company.id);
      await inTransaction(async (c) => {
        await billing.addCredit(c, {
          company_id: company.id,
          name: 'Opening',
          amount: 1000 - 1 - ((k * 37) % 300),
          source: 'admin',
          added_by_user: 'Ada',
        });
        const first = await billing.startService(c, {
          company_id: company.id,
          kind: 'hosted_server',
          owner_kind: 'test',
          owner_id: `debt-${company.id}`,
        });
        await billing.chargeServiceNow(c, { serviceId: first.id });
        for (let i = 0; i < EACH; i++) {
          const s = await billing.startService(c, {
            company_id: company.id,
            kind: 'hosted_server',
            owner_kind: 'test',
            owner_id: `debt-${company.id}-${i}`,
          });
          services.push(s.id);
        }
      });
      expect(await billing.balanceOf(ctx, { companyId: company.id })).toBe(-1 - ((k * 37) % 300));
    }
    // Top-ups of 1 to 600 cents, most expiring within the day, so the packs a charge or a top-up finds are
    // expiring while they run; the clock moves two days half way through, and the expiry job runs throughout.
    const credits = Array.from({ length: COMPANIES * EACH }, (_, i) => ({
      companyId: companies[i % COMPANIES] ?? 0,
      amount: 1 + ((i * 7919) % 600),
      expiryDays: [1, 1, null, 30][i % 4],
    }));
    const tasks = [
      ...services.map((id) => () => inTransaction((c) => billing.chargeServiceNow(c, { serviceId: id }))),
      ...credits.map(
        ({ companyId, amount, expiryDays }, i) =>
          () =>
            inTransaction((c) =>
              billing.addCredit(c, {
                company_id: companyId,
                name: `Top-up ${i}`,
                amount,
                source: 'purchase',
                added_by_user: 'race',
                expiry_days: expiryDays,
              }),
            ),
      ),
      ...Array.from({ length: 60 }, () => () => inTransaction((c) => expireDuePacksJob(c))),
    ];
    const mixed = tasks.map((task, i) => ({ task, k: (i * 2654435761) % 10007 })).sort((a, b) => a.k - b.k);
    const half = Math.floor(mixed.length / 2);
    const run = [...mixed.slice(0, half).map((m) => m.task), async () => t.clock.advance(2 * DAY), ...mixed.slice(half).map((m) => m.task)];
    await inParallel(run);
    await inTransaction((c) => expireDuePacksJob(c));

    let expired = 0;
    for (const id of companies) {
      const packs = await creditPacksOf(t, id);
      const held = packs.reduce((sum, p) => sum + p.amount - p.amount_used - p.amount_expired, 0);
      expired += packs.reduce((sum, p) => sum + p.amount_expired, 0);
      const balance = await billing.balanceOf(ctx, { companyId: id });
      // What the packs hold is the balance, or the company owes and no pack holds anything.
      expect(balance < 0 ? held : balance).toBe(balance < 0 ? 0 : held);
      expect(
        packs.every((p) => p.expiry_date === null || p.expiry_date > t.clock.now() || p.amount_used + p.amount_expired === p.amount),
      ).toBe(true);
    }
    expect(expired).toBeGreaterThan(0);
    expect(await billing.verifyLedger(ctx)).toEqual([]);
  }, 240_000);

  /** Companies with a daily and a monthly service each, and stats for `days` days from `from`. */
  async function world(n: number, from: string, days: number) {
    const ids: number[] = [];
    const ctx = jobContext(t);
    for (let i = 0; i < n; i++) {
      const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
      await billing.addCredit(ctx, { company_id: company.id, name: 'Credit', amount: 1_000_000, source: 'admin', added_by_user: 'Ada' });
      for (let d = 0; d < days; d++) {
        await billing.recordDailyStats(ctx, { company_id: company.id, date: addDays(from, d), device_count: 2, boosters: { hyperv: 3 } });
      }
      ids.push(company.id);
    }
    return ids;
  }

  async function expectChargedOncePerDay(ids: number[], from: string, days: number) {
    for (const id of ids) {
      const rows = await usageRowsOf(t, id);
      const hyperv = rows.filter((r) => r.variant === 'hyperv').map((r) => r.charge_day);
      expect(hyperv).toEqual(Array.from({ length: days }, (_, d) => addDays(from, d)));
      expect(rows.filter((r) => r.kind === 'device')).toHaveLength(1);
      expect(await billing.balanceOf(jobContext(t), { companyId: id })).toBe(1_000_000 - days * 15 - 400);
    }
    expect(await billing.verifyLedger(jobContext(t))).toEqual([]);
  }

  /** A runner as the scheduler runs it: a batch per transaction while it makes progress. */
  async function runner(batch: number, stopAfter = Number.POSITIVE_INFINITY) {
    for (let n = 0; n < stopAfter; n++) {
      const r = await inTransaction((c) => chargeNextBatch(c, { batch }));
      if (!r.progressed) return;
    }
  }

  it('charges every service exactly once a day when two runners start at the same moment and catch up together', async () => {
    t.clock.advance(30 * DAY);
    // Finish any earlier day first, so the runners start on the days of this test.
    await inTransaction((c) => billing.runDailyCharging(c));
    const from = billing.billingDayOf(t, { at: new Date(t.clock.now().getTime() + DAY) });
    const ids = await world(40, from, 4);
    t.clock.advance(4 * DAY);
    await Promise.all([runner(7), runner(7), runner(11)]);
    await expectChargedOncePerDay(ids, from, 4);
  }, 120_000);

  it('charges every service exactly once a day when a runner is killed half way and another restarts', async () => {
    t.clock.advance(30 * DAY);
    await inTransaction((c) => billing.runDailyCharging(c));
    const from = billing.billingDayOf(t, { at: new Date(t.clock.now().getTime() + DAY) });
    const ids = await world(40, from, 3);
    t.clock.advance(3 * DAY);
    await runner(5, 3);
    // Killed in the middle of a batch: its statements ran, its transaction never commits.
    await expect(
      inTransaction(async (c) => {
        await chargeNextBatch(c, { batch: 5 });
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    await Promise.all([runner(5), runner(9)]);
    await expectChargedOncePerDay(ids, from, 3);
  }, 120_000);
});
