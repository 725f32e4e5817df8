import { adminCreateCreditPack } from '@portal/contract/billing/credit-packs';
import { adminDescribeCompany } from '@portal/contract/companies/company-describe';
import {
  adminLiftSuspension,
  adminSuspendCompany,
  getSuspension,
  SUSPENSION_MESSAGES,
} from '@portal/contract/companies/company-suspension';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { TestClient, type TestContext, createTestContext, newCompany, ok, signedInCompany } from '../../test/harness.ts';
import { billingAccountRow, companyEvents, companyRow } from '../../test/rows.ts';
import * as billing from '../billing/service.ts';
import { expireTrials, suspendOutOfCredit } from './lifecycle.ts';

let t: TestContext;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestContext();
  admin = (await signedInCompany(t, { company_type: 'admin', current_state: 'ACTIVE' })).client;
});
afterAll(() => t.close());

const job = () => jobContext(t, () => {});
const customer = async (o: Parameters<typeof newCompany>[1] = {}) => {
  const made = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth', ...o });
  return { ...made, client: await new TestClient(t.app).useSession(t.db, t.clock, made.user.id) };
};
const credit = (companyId: number, amount: number) =>
  admin.call(adminCreateCreditPack, { target_id: companyId, target_name: 'Credit', target_cost: 0, target_amount: amount });

describe("the suspension's reason (get_suspension)", () => {
  it('is null for a company that is not suspended', async () => {
    const c = await customer();
    expect(ok(await c.client.call(getSuspension, {})).data).toBeNull();
  });

  it('names running out of credit, with the balance, when the sweep suspended it', async () => {
    const c = await customer();
    await billing.recordDailyStats(job(), {
      company_id: c.company.id,
      date: billing.billingDayOf(t),
      device_count: 0,
      boosters: { hyperv: 10 },
    });
    for (const s of await billing.runningServices(job(), { companyId: c.company.id }))
      await billing.chargeServiceNow(job(), { serviceId: s.id });
    await suspendOutOfCredit(job());
    expect(ok(await c.client.call(getSuspension, {})).data).toEqual({
      reason: 'out_of_credit',
      balance: -50,
      note: null,
      suspended_at: t.clock.now().toISOString(),
    });
  });

  it('names a trial that ended without a plan', async () => {
    const c = await customer({ current_state: 'TRIAL', plan_id: 'Trial', trial_expires_at: t.clock.now() });
    await expireTrials(job());
    expect(ok(await c.client.call(getSuspension, {})).data).toMatchObject({ reason: 'trial_ended', note: null });
  });

  it("names staff and gives their note, to the company's users and in the company dialog", async () => {
    const c = await customer();
    ok(await admin.call(adminSuspendCompany, { target_id: c.company.id, target_note: '  Card disputed: call accounts  ' }));
    const expected = { reason: 'staff', balance: 0, note: 'Card disputed: call accounts', suspended_at: t.clock.now().toISOString() };
    expect(ok(await c.client.call(getSuspension, {})).data).toEqual(expected);
    expect(ok(await admin.call(adminDescribeCompany, { target_id: c.company.id })).data.suspension).toEqual(expected);
    expect((await companyEvents(t, c.company.id)).map((e) => e.event)).toContain(
      'Suspended by staff: ACTIVE -> SUSPENDED (Card disputed: call accounts)',
    );
  });
});

describe('suspension by staff', () => {
  it('is not lifted by a payment, only by an admin', async () => {
    const c = await customer();
    ok(await admin.call(adminSuspendCompany, { target_id: c.company.id, target_note: 'Terms breached' }));
    ok(await credit(c.company.id, 5000));
    expect((await companyRow(t, c.company.id))?.current_state).toBe('SUSPENDED');
    expect((await billingAccountRow(t, c.company.id))?.suspended_for_credit).toBe(false);

    ok(await admin.call(adminLiftSuspension, { target_id: c.company.id }));
    expect((await companyRow(t, c.company.id))?.current_state).toBe('ACTIVE');
    expect(ok(await c.client.call(getSuspension, {})).data).toBeNull();
    expect((await companyEvents(t, c.company.id)).map((e) => e.event)).toContain('Suspension lifted by staff: SUSPENDED -> ACTIVE');
  });

  it('returns a trial to TRIAL when lifted', async () => {
    const c = await customer({ current_state: 'TRIAL', plan_id: 'Trial' });
    ok(await admin.call(adminSuspendCompany, { target_id: c.company.id, target_note: 'Checking the sign-up' }));
    ok(await admin.call(adminLiftSuspension, { target_id: c.company.id }));
    expect((await companyRow(t, c.company.id))?.current_state).toBe('TRIAL');
  });

  it('refuses a note left empty, a company not active or trial, and lifting a suspension staff did not make', async () => {
    const c = await customer();
    const empty = await admin.call(adminSuspendCompany, { target_id: c.company.id, target_note: '   ' });
    expect(empty).toMatchObject({ code: 400, data: { fields: { target_note: SUSPENSION_MESSAGES.note } } });
    const pending = await customer({ current_state: 'PENDING_DELETE' });
    expect(await admin.call(adminSuspendCompany, { target_id: pending.company.id, target_note: 'x' })).toMatchObject({
      code: 400,
      message: SUSPENSION_MESSAGES.notSuspendable,
    });
    const trial = await customer({ current_state: 'TRIAL', plan_id: 'Trial', trial_expires_at: t.clock.now() });
    await expireTrials(job());
    expect(await admin.call(adminLiftSuspension, { target_id: trial.company.id })).toMatchObject({
      code: 400,
      message: SUSPENSION_MESSAGES.notSuspendedByStaff,
    });
    expect((await companyRow(t, trial.company.id))?.current_state).toBe('SUSPENDED');
  });

  it('is for admins only: a distributor cannot suspend its sub-account', async () => {
    const dist = await signedInCompany(t, { company_type: 'distributor', current_state: 'ACTIVE' });
    const sub = await newCompany(t.db, { current_state: 'ACTIVE', distributor_id: dist.company.id });
    expect((await dist.client.call(adminSuspendCompany, { target_id: sub.company.id, target_note: 'x' })).code).toBe(403);
    expect((await companyRow(t, sub.company.id))?.current_state).toBe('ACTIVE');
  });
});
