import { getAuthContext } from '@portal/contract/auth/auth-context';
import { adminDescribeCompany, distributorDescribeCompany } from '@portal/contract/companies/company-describe';
import { convertToPaid, deleteCompany, migrateCompany, reactivateCompany } from '@portal/contract/companies/company-lifecycle';
import { companyEventList } from '@portal/contract/companies/company-lookups';
import { distributorPatchCompany } from '@portal/contract/companies/company-patch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { TestClient, type TestContext, createTestContext, newCompany, newUser, signedInCompany } from '../../test/harness.ts';
import { companyRow, sessionsOf, userRow } from '../../test/rows.ts';
import { expireTrials, finalizePendingDeletes } from './lifecycle.ts';

const DAY = 86_400_000;
let t: TestContext;
let admin: TestClient;
let dist: Awaited<ReturnType<typeof signedInCompany>>;
let distClient: TestClient;

beforeAll(async () => {
  t = await createTestContext();
  admin = (await signedInCompany(t, { company_type: 'admin', current_state: 'ACTIVE' })).client;
  dist = await signedInCompany(t, { company_type: 'distributor', current_state: 'ACTIVE' });
  distClient = dist.client;
});
afterAll(() => t.close());

const stateOf = (id: number) => companyRow(t, id);
const subAccount = (o: Parameters<typeof newCompany>[1] = {}) =>
  newCompany(t.db, { distributor_id: dist.company.id, trial_expires_at: new Date(t.clock.now().getTime() + 30 * DAY), ...o });
const events = async (id: number) =>
  ((await admin.call(companyEventList, { target_id: id })).data as { rows: { event: string; actor: string }[] }).rows.map((r) => r.event);

describe('trial: extend and convert to paid', () => {
  it('lets the distributor extend a trial by at most 30 days in total', async () => {
    const { company } = await subAccount();
    const end = company.trial_expires_at?.getTime() ?? 0;
    expect((await distClient.call(distributorPatchCompany, { target_id: company.id, extend_trial_days: 10 })).status).toBe('ok');
    expect((await distClient.call(distributorPatchCompany, { target_id: company.id, extend_trial_days: 20 })).status).toBe('ok');
    const after = await stateOf(company.id);
    expect(after?.trial_extension_days).toBe(30);
    expect(after?.trial_expires_at?.getTime()).toBe(end + 30 * DAY);
    const more = await distClient.call(distributorPatchCompany, { target_id: company.id, extend_trial_days: 1 });
    expect(more).toMatchObject({ code: 400, data: { fields: { extend_trial_days: 'The trial can be extended by at most 0 more days' } } });
  });

  it('converts a trial to paid for good, on the plan chosen during the trial', async () => {
    const { company } = await subAccount();
    await distClient.call(distributorPatchCompany, { target_id: company.id, target_plan_id: 'Growth' });
    expect((await distClient.call(convertToPaid, { target_id: company.id })).status).toBe('ok');
    expect(await stateOf(company.id)).toMatchObject({
      current_state: 'ACTIVE',
      plan_id: 'Growth',
      plan_selected: null,
      trial_expires_at: null,
    });
    expect(await distClient.call(convertToPaid, { target_id: company.id })).toMatchObject({
      code: 400,
      message: 'Only a trial can be converted to paid',
    });
    expect(await events(company.id)).toContainEqual('Converted to paid on plan Growth: TRIAL -> ACTIVE');
  });

  it("refuses another distributor's sub-account as if it did not exist", async () => {
    const { company } = await subAccount();
    const other = await newCompany(t.db, { company_type: 'distributor' });
    const c = new TestClient(t.app);
    await c.login(other.user.email);
    expect((await c.call(convertToPaid, { target_id: company.id })).code).toBe(404);
    expect((await c.call(distributorDescribeCompany, { target_id: company.id })).code).toBe(404);
    expect((await stateOf(company.id))?.current_state).toBe('TRIAL');
  });
});

describe('delete, reactivate, permanent delete', () => {
  it('moves a company to pending delete for 21 days, shows the date, and reactivates to the state before', async () => {
    const { company, user } = await subAccount({ current_state: 'SUSPENDED' });
    const owner = new TestClient(t.app);
    await owner.login(user.email);
    const res = await owner.call(deleteCompany, { target_company_id: company.id });
    expect(res.data).toEqual({ will_delete_at: Math.floor((t.clock.now().getTime() + 21 * DAY) / 1000) });
    expect((await admin.call(adminDescribeCompany, { target_id: company.id })).data).toMatchObject({
      current_state: 'PENDING_DELETE',
      will_delete_at: (res.data as { will_delete_at: number }).will_delete_at,
    });
    expect(await owner.call(deleteCompany, { target_company_id: company.id })).toMatchObject({ code: 400 });
    expect((await owner.call(reactivateCompany, {})).status).toBe('ok');
    expect((await stateOf(company.id))?.current_state).toBe('SUSPENDED');
  });

  it('deletes for good only for an admin who types the company name', async () => {
    const { company } = await subAccount({ company_name: 'Exact Name Ltd' });
    expect(
      (
        await distClient.call(deleteCompany, {
          target_company_id: company.id,
          target_force: true,
          target_confirm_company_name: 'Exact Name Ltd',
        })
      ).code,
    ).toBe(403);
    const wrong = await admin.call(deleteCompany, {
      target_company_id: company.id,
      target_force: true,
      target_confirm_company_name: 'exact name ltd',
    });
    expect(wrong).toMatchObject({
      code: 400,
      data: { fields: { target_confirm_company_name: 'Type the company name exactly to confirm' } },
    });
    expect(
      (
        await admin.call(deleteCompany, {
          target_company_id: company.id,
          target_force: true,
          target_confirm_company_name: 'Exact Name Ltd',
        })
      ).status,
    ).toBe('ok');
    expect((await stateOf(company.id))?.current_state).toBe('DELETED');
    expect(await admin.call(distributorPatchCompany, { target_id: company.id, city: 'x' })).toMatchObject({ code: 403 });
  });

  it("deletes for good with the spec's form payload alone (target_company_id, target_force): the typed name is the screen's", async () => {
    const { company } = await subAccount({ company_name: 'Scripted Away Ltd' });
    const res = await admin.post(deleteCompany.path, { target_company_id: String(company.id), target_force: '1' }, { form: true });
    expect(res.json()).toMatchObject({ status: 'ok', data: { will_delete_at: null } });
    expect((await stateOf(company.id))?.current_state).toBe('DELETED');
  });
});

describe('who may put a company into pending deletion', () => {
  it('refuses a user of the company who is not its primary contact, and changes nothing', async () => {
    const { company } = await subAccount({ current_state: 'ACTIVE' });
    const member = await newUser(t.db, company.id);
    const c = await new TestClient(t.app).useSession(t.db, t.clock, member.id);
    expect((await c.call(deleteCompany, { target_company_id: company.id })).code).toBe(403);
    expect((await stateOf(company.id))?.current_state).toBe('ACTIVE');
    expect(await events(company.id)).not.toContainEqual(expect.stringContaining('Deleted'));
  });

  it("lets the company's distributor and an admin", async () => {
    const one = await subAccount({ current_state: 'ACTIVE' });
    expect((await distClient.call(deleteCompany, { target_company_id: one.company.id })).status).toBe('ok');
    const two = await subAccount({ current_state: 'ACTIVE' });
    expect((await admin.call(deleteCompany, { target_company_id: two.company.id })).status).toBe('ok');
    expect((await stateOf(two.company.id))?.current_state).toBe('PENDING_DELETE');
  });
});

describe('sessions of a company deleted for good', () => {
  it('end when an admin deletes the company', async () => {
    const { company, user } = await subAccount({ company_name: 'Gone Now Ltd', current_state: 'ACTIVE' });
    const owner = new TestClient(t.app);
    await owner.login(user.email);
    expect((await owner.call(getAuthContext, {})).data).toMatchObject({ company_id: company.id });
    const res = await admin.call(deleteCompany, {
      target_company_id: company.id,
      target_force: true,
      target_confirm_company_name: 'Gone Now Ltd',
    });
    expect(res.status).toBe('ok');
    expect(await sessionsOf(t, user.id)).toEqual([]);
    expect((await owner.call(getAuthContext, {})).data).toBeNull();
  });

  it('end when the pending deletion period is over', async () => {
    const applied = new Date(t.clock.now().getTime() - 21 * DAY - 1000);
    const { user } = await subAccount({ current_state: 'PENDING_DELETE', current_state_applied_at: applied });
    const owner = new TestClient(t.app);
    expect((await owner.login(user.email)).data).toMatchObject({ type: 'reactivate_account' });
    await finalizePendingDeletes(jobContext(t));
    expect(await sessionsOf(t, user.id)).toEqual([]);
    expect((await owner.call(getAuthContext, {})).data).toBeNull();
  });
});

describe('migrate', () => {
  it('splits the company under a distributor, moving its users; the original stays for history', async () => {
    const { company, user } = await newCompany(t.db, { company_name: 'Moving Co', current_state: 'ACTIVE' });
    const wrong = await admin.call(migrateCompany, {
      target_id: company.id,
      target_distributor_id: dist.company.id,
      target_confirm_company_name: 'Moving',
    });
    expect(wrong.code).toBe(400);
    const notDistributor = await admin.call(migrateCompany, {
      target_id: company.id,
      target_distributor_id: company.id,
      target_confirm_company_name: 'Moving Co',
    });
    expect(notDistributor).toMatchObject({ data: { fields: { target_distributor_id: 'Choose a distributor' } } });
    const res = await admin.call(migrateCompany, {
      target_id: company.id,
      target_distributor_id: dist.company.id,
      target_confirm_company_name: 'Moving Co',
    });
    const newId = (res.data as { new_company_id: number }).new_company_id;
    expect(await stateOf(company.id)).toMatchObject({ current_state: 'MIGRATED' });
    expect(await stateOf(newId)).toMatchObject({
      company_name: 'Moving Co',
      current_state: 'ACTIVE',
      distributor_id: dist.company.id,
      migrated_from_id: company.id,
    });
    expect((await userRow(t, user.id))?.company_id).toBe(newId);
    expect(await events(company.id)).toContainEqual(`Migrated to company #${newId}: ACTIVE -> MIGRATED`);
  });
});

describe('scheduled jobs (driven by the clock)', () => {
  it('suspends trials that end without a plan and activates those with one', async () => {
    const now = t.clock.now().getTime();
    const noPlan = await newCompany(t.db, { trial_expires_at: new Date(now + 1 * DAY) });
    const withPlan = await newCompany(t.db, { trial_expires_at: new Date(now + 1 * DAY), plan_selected: 'Advanced' });
    const later = await newCompany(t.db, { trial_expires_at: new Date(now + 5 * DAY) });
    expect(await expireTrials(jobContext(t))).toBe(0);
    t.clock.advance(2 * DAY);
    expect(await expireTrials(jobContext(t))).toBe(2);
    expect((await stateOf(noPlan.company.id))?.current_state).toBe('SUSPENDED');
    expect(await stateOf(withPlan.company.id)).toMatchObject({ current_state: 'ACTIVE', plan_id: 'Advanced' });
    expect((await stateOf(later.company.id))?.current_state).toBe('TRIAL');
  });

  it('deletes companies 21 days after they went pending delete', async () => {
    const { company } = await newCompany(t.db, { current_state: 'PENDING_DELETE', current_state_applied_at: t.clock.now() });
    t.clock.advance(20 * DAY);
    await finalizePendingDeletes(jobContext(t));
    expect((await stateOf(company.id))?.current_state).toBe('PENDING_DELETE');
    t.clock.advance(1 * DAY + 1000);
    await finalizePendingDeletes(jobContext(t));
    expect(await stateOf(company.id)).toMatchObject({ current_state: 'DELETED' });
    expect((await stateOf(company.id))?.deleted_at).not.toBeNull();
  });
});
