import { listPlans, selectPlan } from '@portal/contract/billing/plans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { newCreditPack } from '../../test/factories.ts';
import { TestClient, type TestContext, createTestContext, newCompany, ok } from '../../test/harness.ts';
import { companyRow } from '../../test/rows.ts';
import { expireTrials } from './lifecycle.ts';

/**
 * Billing's plan choice and the lifecycle's trial end agree (decision 0019): a trial's choice waits for the
 * trial's end, when expire-trials makes it the plan; a trial without one is suspended, and a plan picked
 * then ends that suspension when there is credit.
 */
const DAY = 86_400_000;
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const ctx = () => jobContext(t);
async function direct(o: Parameters<typeof newCompany>[1] = {}) {
  const made = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth', ...o });
  return { ...made, client: await new TestClient(t.app).useSession(t.db, t.clock, made.user.id) };
}

describe('plan choice and the trial’s end', () => {
  it('queues a trial’s choice to the trial’s end; the lifecycle job then applies it', async () => {
    const end = new Date(t.clock.now().getTime() + 5 * DAY);
    const c = await direct({ current_state: 'TRIAL', plan_id: 'Trial', trial_expires_at: end });
    const res = ok(await c.client.call(selectPlan, { target_plan_id: 'Starter' }));
    expect(res.data).toMatchObject({
      plan: 'Trial',
      plan_selected: 'Starter',
      plan_selected_effective_at: end.toISOString(),
      trial_expires_at: end.toISOString(),
    });
    // A trial may change its mind before the end, down as well as up.
    ok(await c.client.call(selectPlan, { target_plan_id: 'Professional' }));
    ok(await c.client.call(selectPlan, { target_plan_id: 'Growth' }));
    expect(ok(await c.client.call(listPlans, {})).data).toMatchObject({ plan: 'Trial', plan_selected: 'Growth' });
    t.clock.advance(6 * DAY);
    await expireTrials(ctx());
    expect(await companyRow(t, c.company.id)).toMatchObject({ current_state: 'ACTIVE', plan_id: 'Growth', plan_selected: null });
  });

  it('agrees with the lifecycle: a trial without a choice is suspended at its end; a plan picked then ends the suspension if there is credit', async () => {
    const end = new Date(t.clock.now().getTime() + DAY);
    const broke = await direct({ current_state: 'TRIAL', plan_id: 'Trial', trial_expires_at: end });
    const funded = await direct({ current_state: 'TRIAL', plan_id: 'Trial', trial_expires_at: end });
    await newCreditPack(t.db, t.clock.now(), funded.company.id, { amount: 2000 });
    t.clock.advance(2 * DAY);
    await expireTrials(ctx());
    for (const c of [broke, funded]) expect((await companyRow(t, c.company.id))?.current_state).toBe('SUSPENDED');

    const signedIn = (c: typeof broke) => new TestClient(t.app).useSession(t.db, t.clock, c.user.id);
    ok(await (await signedIn(funded)).call(selectPlan, { target_plan_id: 'Growth' }));
    expect(await companyRow(t, funded.company.id)).toMatchObject({ current_state: 'ACTIVE', plan_id: 'Growth' });
    ok(await (await signedIn(broke)).call(selectPlan, { target_plan_id: 'Growth' }));
    expect(await companyRow(t, broke.company.id)).toMatchObject({ current_state: 'SUSPENDED', plan_id: 'Growth' });
    // On a plan now, it waits only for credit: the credit that arrives brings it back at once.
    await newCreditPack(t.db, t.clock.now(), broke.company.id, { amount: 500 });
    expect(await companyRow(t, broke.company.id)).toMatchObject({ current_state: 'ACTIVE', plan_id: 'Growth' });
  });
});
