import { DOWNGRADE_MESSAGE, LEGACY_DEADLINE, listPlans, selectPlan } from '@portal/contract/billing/plans';
import { convertToPaid } from '@portal/contract/companies/company-lifecycle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { TestClient, type TestContext, createTestContext, newCompany, ok } from '../../test/harness.ts';
import { companyEvents, companyRow } from '../../test/rows.ts';
import { CURRENT_PLAN_MESSAGE, ENTERPRISE_MESSAGE } from './plan-rules.ts';
import { applyLegacyDeadline } from './plans.ts';
import * as billing from './service.ts';

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
const cardsOf = async (client: TestClient) =>
  Object.fromEntries(ok(await client.call(listPlans, {})).data.plans.map((p) => [p.id, p.disallowed_reasons]));

describe('list_plans', () => {
  it('lists the plans in price order with their prices and limits, and the company’s plan', async () => {
    const c = await direct();
    const res = ok(await c.client.call(listPlans, {}));
    expect(res.data.plans.map((p) => [p.id, p.amount, p.default_serial_limit, p.default_hosted_server_limit])).toEqual([
      ['Trial', 0, 1, 1],
      ['Legacy', 200, null, null],
      ['Starter', 300, 1, 1],
      ['Growth', 200, 3, 1],
      ['Advanced', 200, 10, 3],
      ['Professional', 200, 25, 5],
      ['Enterprise', null, null, null],
    ]);
    expect(res.data).toMatchObject({ plan: 'Growth', plan_selected: null, plan_selected_effective_at: null, legacy_deadline: null });
    const reasons = await cardsOf(c.client);
    expect(reasons).toMatchObject({
      Starter: [DOWNGRADE_MESSAGE],
      Growth: [CURRENT_PLAN_MESSAGE],
      Advanced: [],
      Professional: [],
      Enterprise: [ENTERPRISE_MESSAGE],
    });
  });

  it('disallows plans whose limits are below the licences and consoles the company runs, naming the counts', async () => {
    const c = await direct({ current_state: 'TRIAL', plan_id: 'Trial', trial_expires_at: new Date(t.clock.now().getTime() + 10 * DAY) });
    for (let i = 0; i < 4; i++) {
      await billing.startService(ctx(), {
        company_id: c.company.id,
        kind: 'serial',
        owner_kind: 'licence',
        owner_id: `L-${c.company.id}-${i}`,
      });
    }
    await billing.startService(ctx(), {
      company_id: c.company.id,
      kind: 'hosted_server',
      owner_kind: 'hosted_server',
      owner_id: `H-${c.company.id}-1`,
    });
    await billing.startService(ctx(), {
      company_id: c.company.id,
      kind: 'hosted_server',
      owner_kind: 'hosted_server',
      owner_id: `H-${c.company.id}-2`,
    });
    const reasons = await cardsOf(c.client);
    expect(reasons.Starter).toEqual([
      'Your account has 4 self-hosted licences; this plan allows 1',
      'Your account has 2 hosted servers; this plan allows 1',
    ]);
    expect(reasons.Growth).toEqual([
      'Your account has 4 self-hosted licences; this plan allows 3',
      'Your account has 2 hosted servers; this plan allows 1',
    ]);
    expect(reasons.Advanced).toEqual([]);
    expect(await c.client.call(selectPlan, { target_plan_id: 'Growth' })).toMatchObject({
      code: 400,
      data: { fields: { target_plan_id: 'Your account has 4 self-hosted licences; this plan allows 3' } },
    });
    // A stopped licence no longer counts.
    for (let i = 0; i < 2; i++) await billing.stopService(ctx(), { owner_kind: 'licence', owner_id: `L-${c.company.id}-${i}` });
    await billing.stopService(ctx(), { owner_kind: 'hosted_server', owner_id: `H-${c.company.id}-2` });
    expect((await cardsOf(c.client)).Growth).toEqual([]);
  });

  it('is closed to a distributor’s sub-account, which has no plan page', async () => {
    const dist = await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE' });
    const sub = await direct({ distributor_id: dist.company.id });
    expect(await sub.client.call(listPlans, {})).toMatchObject({ code: 403 });
    expect(await sub.client.call(selectPlan, { target_plan_id: 'Professional' })).toMatchObject({ code: 403 });
  });
});

describe('select_plan', () => {
  it('upgrades at once and refuses a downgrade with the contact-sales message', async () => {
    const c = await direct();
    const up = ok(await c.client.call(selectPlan, { target_plan_id: 'Advanced' }));
    expect(up.data).toMatchObject({ plan: 'Advanced', plan_selected: null, message: 'Your plan is now Advanced' });
    expect((await companyRow(t, c.company.id))?.plan_id).toBe('Advanced');
    const down = await c.client.call(selectPlan, { target_plan_id: 'Growth' });
    expect(down).toMatchObject({ code: 400, message: DOWNGRADE_MESSAGE, data: { fields: { target_plan_id: DOWNGRADE_MESSAGE } } });
    expect(await c.client.call(selectPlan, { target_plan_id: 'Enterprise' })).toMatchObject({ code: 400, message: ENTERPRISE_MESSAGE });
    expect(await c.client.call(selectPlan, { target_plan_id: 'Trial' })).toMatchObject({ code: 400 });
    expect((await companyRow(t, c.company.id))?.plan_id).toBe('Advanced');
    expect((await companyEvents(t, c.company.id)).map((e) => e.event)).toContain('Plan changed: Growth -> Advanced');
  });

  it('makes a trial’s queued choice the plan at Convert To Paid', async () => {
    const c = await direct({ current_state: 'TRIAL', plan_id: 'Trial', trial_expires_at: new Date(t.clock.now().getTime() + 9 * DAY) });
    ok(await c.client.call(selectPlan, { target_plan_id: 'Advanced' }));
    // A direct customer converts through an admin; the lifecycle takes the chosen plan.
    const admin = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' });
    const adminClient = await new TestClient(t.app).useSession(t.db, t.clock, admin.user.id);
    ok(await adminClient.call(convertToPaid, { target_id: c.company.id }));
    expect(await companyRow(t, c.company.id)).toMatchObject({ current_state: 'ACTIVE', plan_id: 'Advanced', plan_selected: null });
  });

  it('refuses a company pending deletion', async () => {
    const c = await direct({ current_state: 'PENDING_DELETE' });
    expect(await c.client.call(selectPlan, { target_plan_id: 'Advanced' })).toMatchObject({ code: 400 });
    expect((await companyRow(t, c.company.id))?.plan_id).toBe('Growth');
  });
});

describe('the Legacy deadline', () => {
  const deadline = new Date(LEGACY_DEADLINE);

  it('queues a Legacy company’s choice to the deadline; at the deadline the job applies it, or gives the most cost-effective plan', async () => {
    const now = t.clock.now();
    t.clock.set(new Date(deadline.getTime() - 30 * DAY));
    try {
      const chooser = await direct({ plan_id: 'Legacy' });
      const silent = await direct({ plan_id: 'Legacy' });
      const big = await direct({ plan_id: 'Legacy' });
      for (let i = 0; i < 5; i++) {
        await billing.startService(ctx(), {
          company_id: big.company.id,
          kind: 'serial',
          owner_kind: 'licence',
          owner_id: `LL-${big.company.id}-${i}`,
        });
      }
      const gone = await direct({ plan_id: 'Legacy', current_state: 'DELETED' });

      const picked = ok(await chooser.client.call(selectPlan, { target_plan_id: 'Professional' }));
      expect(picked.data).toMatchObject({
        plan: 'Legacy',
        plan_selected: 'Professional',
        plan_selected_effective_at: LEGACY_DEADLINE,
        legacy_deadline: LEGACY_DEADLINE,
      });
      // Before the deadline the job leaves everyone as they are.
      expect(await applyLegacyDeadline(ctx())).toBe(0);
      expect((await companyRow(t, chooser.company.id))?.plan_id).toBe('Legacy');

      t.clock.set(deadline);
      expect(await applyLegacyDeadline(ctx())).toBe(3);
      expect(await companyRow(t, chooser.company.id)).toMatchObject({ plan_id: 'Professional', plan_selected: null });
      // The cheapest plan per device that fits: Growth ($2, 3 licences); with 5 licences, Advanced.
      expect((await companyRow(t, silent.company.id))?.plan_id).toBe('Growth');
      expect((await companyRow(t, big.company.id))?.plan_id).toBe('Advanced');
      expect((await companyRow(t, gone.company.id))?.plan_id).toBe('Legacy');
      expect((await companyEvents(t, silent.company.id)).map((e) => e.event)).toContain(
        'Legacy deadline: given plan Growth, the most cost-effective for its use',
      );
      // Run again: nothing left to do.
      expect(await applyLegacyDeadline(ctx())).toBe(0);
    } finally {
      t.clock.set(now);
    }
  });

  it('after the deadline, a Legacy company’s choice takes effect at once', async () => {
    const c = await direct({ plan_id: 'Legacy' });
    const res = ok(await c.client.call(selectPlan, { target_plan_id: 'Starter' }));
    expect(res.data).toMatchObject({ plan: 'Starter', plan_selected: null });
  });
});
