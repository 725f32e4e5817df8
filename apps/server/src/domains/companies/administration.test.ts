import { adminCreateCompany, distributorCreateCompany } from '@portal/contract/companies/company-create';
import { adminDescribeCompany, distributorDescribeCompany } from '@portal/contract/companies/company-describe';
import { distributorListCompanies, listSales } from '@portal/contract/companies/company-lookups';
import { adminPatchCompany, distributorPatchCompany } from '@portal/contract/companies/company-patch';
import {
  addDistributorRegion,
  distributorListRegions,
  distributorRegionList,
  getDistributorSettings,
  patchDistributorSettings,
  removeDistributorRegion,
} from '@portal/contract/companies/distributor-settings';
import { NULL_MARKER } from '@portal/contract/shared/fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany, newUser, signedInCompany } from '../../test/harness.ts';
import { insertTopupOption, putCustomerPortal, putDailyStats, setCompany, setPaymentSettings } from '../../test/rows.ts';

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

type Detail = {
  company_name: string;
  notes: string | null;
  city: string;
  is_vip: boolean;
  custom_metadata_labels: (string | null)[];
  features: number;
  plan_id: string;
};
const describeAsAdmin = async (id: number) => (await admin.call(adminDescribeCompany, { target_id: id })).data as Detail;

describe('company patch', () => {
  it('changes the fields an admin sends, leaves the rest, and writes each change to the history', async () => {
    const { company } = await newCompany(t.db, { company_name: 'Before Ltd', city: 'Auckland', current_state: 'ACTIVE' });
    const res = await admin.call(adminPatchCompany, { target_id: company.id, company_name: '  After Ltd ', target_is_vip: true });
    expect(res.status).toBe('ok');
    expect(await describeAsAdmin(company.id)).toMatchObject({ company_name: 'After Ltd', city: 'Auckland', is_vip: true });
  });

  it('keeps notes of a sub-account with its distributor, and hides notes from distributors', async () => {
    const { company } = await newCompany(t.db, { distributor_id: dist.company.id, notes: 'internal' });
    const res = await admin.call(adminPatchCompany, { target_id: company.id, notes: 'new' });
    expect(res).toMatchObject({ code: 400, data: { fields: { notes: 'Notes of a sub-account are kept by its distributor' } } });
    expect(((await distClient.call(distributorDescribeCompany, { target_id: company.id })).data as Detail).notes).toBeNull();
  });

  it('lets only customer companies change type and only admin companies hold sales and support', async () => {
    const other = await newCompany(t.db, { company_type: 'distributor' });
    expect((await admin.call(adminPatchCompany, { target_id: other.company.id, target_company_type: 'customer' })).code).toBe(400);
    expect((await admin.call(adminPatchCompany, { target_id: other.company.id, target_is_sales: true })).code).toBe(400);
    const customer = await newCompany(t.db);
    expect((await admin.call(adminPatchCompany, { target_id: customer.company.id, target_company_type: 'distributor' })).status).toBe('ok');
  });

  it('assigns only sales staff as the sales rep', async () => {
    const staffCo = await newCompany(t.db, { company_type: 'admin' });
    const seller = await newUser(t.db, staffCo.company.id, { staff_role: 'sales', contact_name: 'Seller' });
    const sales = (await admin.call(listSales, {})).data as { id: number }[];
    expect(sales.map((s) => s.id)).toContain(seller.id);
    const { company } = await newCompany(t.db);
    expect((await admin.call(adminPatchCompany, { target_id: company.id, target_sales_id: seller.id })).status).toBe('ok');
    expect((await admin.call(adminPatchCompany, { target_id: company.id, target_sales_id: staffCo.user.id })).code).toBe(400);
  });

  it('refuses a plan downgrade unless an admin forces it', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Advanced', distributor_id: dist.company.id });
    expect((await distClient.call(distributorPatchCompany, { target_id: company.id, target_plan_id: 'Starter' })).code).toBe(400);
    expect((await distClient.call(distributorPatchCompany, { target_id: company.id, target_plan_id: 'Professional' })).status).toBe('ok');
    expect(
      (await admin.call(adminPatchCompany, { target_id: company.id, target_plan_id: 'Starter', target_plan_force: true })).status,
    ).toBe('ok');
    expect((await describeAsAdmin(company.id)).plan_id).toBe('Starter');
  });
});

describe('creating companies', () => {
  it('creates a customer under a distributor with its primary user, as a 30-day trial; country defaults to NZ', async () => {
    const res = await admin.call(adminCreateCompany, {
      target_company_name: 'Brand New',
      target_company_type: 'customer',
      target_distributor_id: dist.company.id,
      target_email: 'brand-new@example.com',
      target_password: 'a-long-password',
    });
    const id = (res.data as { company_id: number }).company_id;
    const detail = (await admin.call(adminDescribeCompany, { target_id: id })).data as Detail & {
      country: string;
      current_state: string;
      distributor_id: number;
      users: { email: string; is_primary_contact: boolean }[];
      trial_expires_at: string;
    };
    expect(detail).toMatchObject({ country: 'NZ', current_state: 'TRIAL', distributor_id: dist.company.id });
    expect(detail.users).toEqual([expect.objectContaining({ email: 'brand-new@example.com', is_primary_contact: true })]);
    expect(new Date(detail.trial_expires_at).getTime() - t.clock.now().getTime()).toBe(30 * 86_400_000);
    expect((await new TestClient(t.app).login('brand-new@example.com', 'a-long-password')).status).toBe('ok');
  });

  it('drops the distributor for non-customer types and refuses taken emails', async () => {
    const res = await admin.call(adminCreateCompany, {
      target_company_name: 'Reseller',
      target_company_type: 'distributor',
      target_distributor_id: dist.company.id,
      target_email: 'reseller-new@example.com',
      target_password: 'a-long-password',
    });
    const id = (res.data as { company_id: number }).company_id;
    expect(
      ((await admin.call(adminDescribeCompany, { target_id: id })).data as { distributor_id: number | null }).distributor_id,
    ).toBeNull();
    const again = await admin.call(adminCreateCompany, {
      target_company_name: 'X',
      target_email: 'reseller-new@example.com',
      target_password: 'a-long-password',
    });
    expect(again).toMatchObject({
      code: 400,
      data: { fields: { target_email: 'This email address cannot be used. Please choose another' } },
    });
  });

  it("gives a distributor's new sub-account the distributor's default features, its plan and notes", async () => {
    await admin.call(patchDistributorSettings, { target_id: dist.company.id, default_subaccount_features: 1 | 256 });
    const res = await distClient.call(distributorCreateCompany, {
      target_company_name: 'Sub Co',
      target_email: 'sub-co@example.com',
      target_password: 'a-long-password',
      target_plan_id: 'Growth',
      target_company_notes: 'met at a conference',
    });
    const id = (res.data as { company_id: number }).company_id;
    expect(await describeAsAdmin(id)).toMatchObject({ features: 257, notes: 'met at a conference', plan_user_selected_id: 'Growth' });
  });
});

describe('distributor settings and regions', () => {
  it('clears a text field sent as NUL and keeps absent fields', async () => {
    await admin.call(patchDistributorSettings, {
      target_id: dist.company.id,
      custom_billing_url: 'https://billing.example.com/',
      custom_metadata_1_label: 'PO number',
    });
    await admin.post(
      patchDistributorSettings.path,
      { target_id: String(dist.company.id), custom_billing_url: NULL_MARKER },
      { form: true },
    );
    expect((await admin.call(getDistributorSettings, { target_id: dist.company.id })).data).toMatchObject({
      custom_billing_url: null,
      custom_metadata_1_label: 'PO number',
    });
    const { company } = await newCompany(t.db, { distributor_id: dist.company.id });
    expect((await describeAsAdmin(company.id)).custom_metadata_labels).toEqual(['PO number', null, null]);
  });

  it('adds regions, lists them with their sub-account counts, and removes only unused ones', async () => {
    const d = await newCompany(t.db, { company_type: 'distributor' });
    await admin.call(addDistributorRegion, { target_id: d.company.id, target_region_code: 'eu-west' });
    await newCompany(t.db, { distributor_id: d.company.id, region_code: 'eu-west' });
    let list = (await admin.call(distributorRegionList, { target_id: d.company.id })).data as {
      rows: { code: string; managed_company_count: number }[];
    };
    expect(list.rows).toEqual([expect.objectContaining({ code: 'eu-west', managed_company_count: 1 })]);
    expect(await admin.call(removeDistributorRegion, { target_id: d.company.id, target_region_code: 'eu-west' })).toMatchObject({
      code: 400,
      message: '1 sub-accounts still use this region',
    });
    await admin.call(addDistributorRegion, { target_id: d.company.id, target_include_all_regions: true });
    list = (await admin.call(distributorRegionList, { target_id: d.company.id, page_size: 100 })).data as typeof list;
    expect(list.rows).toHaveLength(8);
    expect((await admin.call(removeDistributorRegion, { target_id: d.company.id, target_region_code: 'us-west' })).status).toBe('ok');
    const sub = await newCompany(t.db, { distributor_id: d.company.id });
    expect(((await admin.call(distributorListRegions, { target_company_id: sub.company.id })).data as unknown[]).length).toBe(7);
  });
});

describe('the distributor dashboard list', () => {
  it("shows only the distributor's own live sub-accounts, with a trial filter and count", async () => {
    const d = await newCompany(t.db, { company_type: 'distributor' });
    const c = new TestClient(t.app);
    await c.login(d.user.email);
    await newCompany(t.db, { distributor_id: d.company.id, company_name: 'Mine Trial', current_state: 'TRIAL' });
    await newCompany(t.db, { distributor_id: d.company.id, company_name: 'Mine Active', current_state: 'ACTIVE' });
    await newCompany(t.db, { distributor_id: d.company.id, company_name: 'Mine Gone', current_state: 'DELETED' });
    await newCompany(t.db, { distributor_id: dist.company.id, company_name: 'Not Mine', current_state: 'TRIAL' });
    const all = (await c.call(distributorListCompanies, {})).data as {
      rows: { company_name: string }[];
      total: number;
      trial_count: number;
    };
    expect(all.rows.map((r) => r.company_name)).toEqual(['Mine Active', 'Mine Trial']);
    expect(all.trial_count).toBe(1);
    const trials = (await c.call(distributorListCompanies, { target_restrict: 'trial' })).data as typeof all;
    expect(trials.rows.map((r) => r.company_name)).toEqual(['Mine Trial']);
  });
});

describe("the company record: the spec's billing, stats and customer portal fields", () => {
  it('answers automatic top-up, the latest daily stats and the customer portal as the spec names them', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE', distributor_id: dist.company.id });
    const fresh = (await admin.call(adminDescribeCompany, { target_id: company.id })).data;
    expect(fresh).toMatchObject({
      auto_topup_plan_name: null,
      auto_topup_days_remaining: 5,
      daily_stats: null,
      myclient_portal_enabled: false,
      myclient_portal_activated: false,
      myclient_suspended: false,
      myclient_url: '',
    });

    const option = await insertTopupOption(t, { name: 'Monthly $50', cost: 5000, amount: 5000 });
    const settings = { company_id: company.id, auto_topup_option_id: option.id, auto_rebill_days_remaining: 9, updated_at: new Date() };
    await setPaymentSettings(t, { ...settings, auto_topup_enabled: false });
    expect((await admin.call(adminDescribeCompany, { target_id: company.id })).data).toMatchObject({
      auto_topup_plan_name: null,
      auto_topup_days_remaining: 9,
    });
    await setPaymentSettings(t, { ...settings, auto_topup_enabled: true });
    await putDailyStats(t, { company_id: company.id, date: '2026-11-01', device_count: 3, storage_amount_bytes: 10 });
    await putDailyStats(t, {
      company_id: company.id,
      date: '2026-11-02',
      device_count: 4,
      storage_amount_bytes: 2_000,
      server_version: '26.3.1',
    });
    await putCustomerPortal(t, { company_id: company.id, state: 'ready', url: 'https://portal.example.test/', created_at: new Date() });
    await setCompany(t, company.id, { current_state: 'SUSPENDED' });

    const record = (await admin.call(adminDescribeCompany, { target_id: company.id })).data;
    expect(record).toMatchObject({
      auto_topup_plan_name: 'Monthly $50',
      auto_topup_days_remaining: 9,
      daily_stats: { date: '2026-11-02', device_count: 4, storage_amount_bytes: 2_000, server_version: '26.3.1' },
      myclient_portal_enabled: true,
      myclient_portal_activated: true,
      myclient_suspended: true,
      myclient_url: 'https://portal.example.test/',
    });
    // The distributor reads its sub-account's record with the same fields.
    expect((await distClient.call(distributorDescribeCompany, { target_id: company.id })).data).toMatchObject({
      auto_topup_plan_name: 'Monthly $50',
      myclient_url: 'https://portal.example.test/',
    });
  });
});
