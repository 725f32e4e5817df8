import { patchDistributorSettings } from '@portal/contract/companies/distributor-settings';
import {
  DISTRIBUTOR_USAGE_MESSAGES,
  companyUsageByMonth,
  distributorUsageV2,
  getDistributorCommission,
  setDistributorCommission,
} from '@portal/contract/reports/distributor-usage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient, type TestContext, createTestContext, newCompany, ok, signedInCompany } from '../../test/harness.ts';
import { companyEvents, putCharge, setCompany } from '../../test/rows.ts';

/**
 * The distributor usage report against a hand-made month (the test clock is 2026-11-21, so this month is
 * 2026-11): a distributor with two DIRECT sub-accounts (contract billing), two INDIRECT ones, a deleted one, a
 * charge in October and another distributor's customer. The expected figures are worked out here from the
 * fixture's own list, not by the report's code (docs/decisions/0061).
 */
type Kind =
  | 'device'
  | 'booster'
  | 'serial'
  | 'hosted_server'
  | 'storage'
  | 'storage_legacy'
  | 'hosted_server_storage_legacy'
  | 'cloudview'
  | 'account';
interface Charge {
  who: 'direct1' | 'direct2' | 'indirect1' | 'outsider';
  day: string;
  kind: Kind;
  variant?: string;
  quantity: number;
  amount: number;
}

const CHARGES: Charge[] = [
  { who: 'direct1', day: '2026-11-01', kind: 'device', quantity: 3, amount: 101 },
  { who: 'direct1', day: '2026-11-02', kind: 'device', quantity: 5, amount: 167 },
  { who: 'direct1', day: '2026-11-01', kind: 'booster', variant: 'microsoft365', quantity: 12, amount: 55 },
  { who: 'direct1', day: '2026-11-01', kind: 'booster', variant: 'mssql', quantity: 2, amount: 20 },
  { who: 'direct1', day: '2026-11-01', kind: 'storage', quantity: 1_000_000_000_000, amount: 23 },
  { who: 'direct1', day: '2026-11-02', kind: 'storage_legacy', quantity: 100, amount: 5 },
  { who: 'direct1', day: '2026-11-02', kind: 'hosted_server_storage_legacy', quantity: 200, amount: 7 },
  // The month before: in October's figures only.
  { who: 'direct1', day: '2026-10-31', kind: 'device', quantity: 9, amount: 999 },
  { who: 'direct2', day: '2026-11-03', kind: 'serial', quantity: 1, amount: 150 },
  { who: 'direct2', day: '2026-11-30', kind: 'account', quantity: 1, amount: 33 },
  { who: 'indirect1', day: '2026-11-05', kind: 'hosted_server', quantity: 1, amount: 250 },
  { who: 'indirect1', day: '2026-11-05', kind: 'cloudview', quantity: 4, amount: 41 },
  { who: 'indirect1', day: '2026-11-06', kind: 'storage', quantity: 5_000, amount: 17 },
  { who: 'outsider', day: '2026-11-05', kind: 'device', quantity: 1, amount: 500 },
];
const RATES = { discount_percent: 15, indirect_commission_percent: 7 };

let t: TestContext;
let admin: TestClient;
let distributor: TestClient;
let otherDistributor: TestClient;
const ids = {} as Record<Charge['who'] | 'dist' | 'otherDist' | 'indirect2' | 'deleted', number>;

beforeAll(async () => {
  t = await createTestContext();
  admin = (await signedInCompany(t, { company_type: 'admin', staff_role: 'admin', current_state: 'ACTIVE' })).client;
  const dist = await signedInCompany(t, { company_type: 'distributor', current_state: 'ACTIVE', company_name: 'Dist One' });
  const other = await signedInCompany(t, { company_type: 'distributor', current_state: 'ACTIVE' });
  distributor = dist.client;
  otherDistributor = other.client;
  ids.dist = dist.company.id;
  ids.otherDist = other.company.id;
  const sub = async (name: string, o: Parameters<typeof newCompany>[1] = {}) =>
    (await newCompany(t.db, { company_name: name, distributor_id: ids.dist, current_state: 'ACTIVE', ...o })).company.id;
  ids.direct1 = await sub('A Direct', {
    has_contract_billing: true,
    custom_metadata_1: 'ref-A',
    custom_metadata_3: 'blue',
    plan_id: 'Growth',
  });
  ids.direct2 = await sub('B Direct', { has_contract_billing: true });
  ids.indirect1 = await sub('C Indirect', { custom_metadata_2: 'north' });
  ids.indirect2 = await sub('D Indirect, no usage');
  ids.deleted = await sub('E Deleted', { current_state: 'DELETED' });
  await setCompany(t, ids.deleted, { deleted_at: new Date('2026-09-01T00:00:00Z') });
  ids.outsider = (await newCompany(t.db, { distributor_id: ids.otherDist, current_state: 'ACTIVE' })).company.id;
  for (const c of CHARGES) {
    await putCharge(t, {
      company_id: ids[c.who],
      charge_day: c.day,
      kind: c.kind,
      variant: c.variant ?? '',
      quantity: c.quantity,
      amount: c.amount,
    });
  }
  ok(
    await admin.call(patchDistributorSettings, {
      target_id: ids.dist,
      custom_metadata_1_label: 'Reseller ref',
      custom_metadata_2_label: 'Territory',
    }),
  );
});
afterAll(() => t.close());

const sum = (cs: Charge[]) => cs.reduce((s, c) => s + c.amount, 0);
const inMonth = (who: Charge['who'], month: string) => CHARGES.filter((c) => c.who === who && c.day.startsWith(month));
const isStorage = (c: Charge) => c.kind === 'storage' || c.kind === 'storage_legacy' || c.kind === 'hosted_server_storage_legacy';

describe('distributor_usage_v2', () => {
  it('answers each sub-account with its items, daily usage, commission type and metadata', async () => {
    const res = ok(await distributor.call(distributorUsageV2, { id: ids.dist, yearmonth: '2026-11' }));
    const d = res.data;
    expect(d.distributor_name).toBe('Dist One');
    expect([d.custom_metadata_1_label, d.custom_metadata_2_label, d.custom_metadata_3_label]).toEqual(['Reseller ref', 'Territory', '']);
    // The deleted sub-account was gone before November and had no charge in it; the outsider is not ours.
    expect(d.rows.map((r) => [r.company_name, r.commission_type])).toEqual([
      ['A Direct', 'DIRECT'],
      ['B Direct', 'DIRECT'],
      ['C Indirect', 'INDIRECT'],
      ['D Indirect, no usage', 'INDIRECT'],
    ]);
    const a = d.rows[0];
    expect(a?.custom_metadata_1).toBe('ref-A');
    expect(a?.custom_metadata_3).toBe('blue');
    expect(a?.items).toEqual([
      {
        type: 'device',
        booster_type: null,
        plan_id: 'Growth',
        plan_description: 'Growth',
        count: 5,
        charge_count: 2,
        charge_total_cents: 268,
        booster_365_account_count: 0,
      },
      {
        type: 'booster',
        booster_type: 'microsoft365',
        plan_id: 'Growth',
        plan_description: 'Growth',
        count: 12,
        charge_count: 1,
        charge_total_cents: 55,
        booster_365_account_count: 12,
      },
      {
        type: 'booster',
        booster_type: 'mssql',
        plan_id: 'Growth',
        plan_description: 'Growth',
        count: 2,
        charge_count: 1,
        charge_total_cents: 20,
        booster_365_account_count: 0,
      },
      {
        type: 'storage',
        booster_type: null,
        plan_id: 'Growth',
        plan_description: 'Growth',
        count: 1_000_000_000_000,
        charge_count: 1,
        charge_total_cents: 23,
        booster_365_account_count: 0,
      },
      // Both legacy storages are one item: 5 + 7 cents over two charges, the larger quantity.
      {
        type: 'storage_legacy',
        booster_type: null,
        plan_id: 'Growth',
        plan_description: 'Growth',
        count: 200,
        charge_count: 2,
        charge_total_cents: 12,
        booster_365_account_count: 0,
      },
    ]);
    expect(a?.daily_usage).toEqual([
      { day: '2026-11-01', charge_total_cents: 101 + 55 + 20 + 23 },
      { day: '2026-11-02', charge_total_cents: 167 + 5 + 7 },
    ]);
    expect(a?.usage_total_cents).toBe(sum(inMonth('direct1', '2026-11')));
    expect(a?.storage_total_cents).toBe(sum(inMonth('direct1', '2026-11').filter(isStorage)));
    expect(d.rows[1]?.items.map((i) => [i.type, i.charge_total_cents])).toEqual([
      ['serial', 150],
      ['account', 33],
    ]);
    expect(d.rows[2]?.items.map((i) => i.type)).toEqual(['hosted_server', 'storage', 'cloudview']);
    expect(d.rows[3]?.items).toEqual([]);
    expect(d.rows[3]?.daily_usage).toEqual([]);
  });

  it('gives no discount or commission until an admin sets the percentages', async () => {
    const d = ok(await distributor.call(distributorUsageV2, { id: ids.dist, yearmonth: '2026-11' })).data;
    expect(d.rates).toEqual({ discount_percent: 0, indirect_commission_percent: 0 });
    expect([d.totals.discount_cents, d.totals.indirect_commission_cents]).toEqual([0, 0]);
  });

  it('applies the discount to direct usage without storage and the commission to indirect usage, rounded up', async () => {
    ok(await admin.call(setDistributorCommission, { id: ids.dist, ...RATES }));
    const d = ok(await distributor.call(distributorUsageV2, { id: ids.dist, yearmonth: '2026-11' })).data;
    const direct = [...inMonth('direct1', '2026-11'), ...inMonth('direct2', '2026-11')];
    const indirect = inMonth('indirect1', '2026-11');
    // 561 cents of direct usage, 35 of them storage: 15% of 526 is 78.9, rounded up to 79.
    // 308 cents of indirect usage, 17 of them storage: 7% of 291 is 20.37, rounded up to 21.
    const ceilPercent = (cents: number, percent: number) => Math.ceil((cents * percent) / 100);
    expect([sum(direct), sum(direct.filter(isStorage)), sum(indirect), sum(indirect.filter(isStorage))]).toEqual([561, 35, 308, 17]);
    expect(ceilPercent(526, 15)).toBe(79);
    expect(d.totals).toEqual({
      direct_usage_cents: sum(direct),
      direct_storage_cents: sum(direct.filter(isStorage)),
      discount_cents: ceilPercent(sum(direct) - sum(direct.filter(isStorage)), RATES.discount_percent),
      indirect_usage_cents: sum(indirect),
      indirect_storage_cents: sum(indirect.filter(isStorage)),
      indirect_commission_cents: 21,
    });
    expect(d.rates).toEqual(RATES);
    const events = await companyEvents(t, ids.dist);
    expect(events.map((e) => e.event)).toContain('Commission set: discount 15%, indirect commission 7%');
  });

  it('keeps each month to its own charge days', async () => {
    const d = ok(await admin.call(distributorUsageV2, { id: ids.dist, yearmonth: '2026-10' })).data;
    expect(d.rows.find((r) => r.company_id === ids.direct1)?.usage_total_cents).toBe(999);
    expect(d.totals.direct_usage_cents).toBe(999);
    // 15% of 999 is 149.85: 150.
    expect(d.totals.discount_cents).toBe(150);
    expect(d.totals.indirect_usage_cents).toBe(0);
  });

  it('defaults to this month in Pacific/Auckland', async () => {
    expect(ok(await distributor.call(distributorUsageV2, { id: ids.dist })).data.yearmonth).toBe('2026-11');
  });

  it('lets admins go back to 2017-01 and distributors the last 12 months, never ahead', async () => {
    // None of the sub-accounts existed in 2017.
    expect(ok(await admin.call(distributorUsageV2, { id: ids.dist, yearmonth: '2017-01' })).data.rows).toEqual([]);
    ok(await distributor.call(distributorUsageV2, { id: ids.dist, yearmonth: '2025-12' }));
    const cases: [TestClient, string, string][] = [
      [admin, '2016-12', DISTRIBUTOR_USAGE_MESSAGES.monthRange],
      [admin, '2026-12', DISTRIBUTOR_USAGE_MESSAGES.monthRange],
      [distributor, '2025-11', DISTRIBUTOR_USAGE_MESSAGES.monthRecent],
      [distributor, '2026-12', DISTRIBUTOR_USAGE_MESSAGES.monthRecent],
    ];
    for (const [client, yearmonth, message] of cases) {
      const res = await client.call(distributorUsageV2, { id: ids.dist, yearmonth });
      expect(res.code, yearmonth).toBe(400);
      expect(res.status === 'error' && res.data.fields?.yearmonth).toBe(message);
    }
  });

  it('shows a distributor only its own report', async () => {
    for (const id of [ids.otherDist, ids.direct1, ids.outsider]) {
      const res = await distributor.call(distributorUsageV2, { id, yearmonth: '2026-11' });
      expect(res.code, String(id)).toBe(404);
    }
    const own = ok(await otherDistributor.call(distributorUsageV2, { id: ids.otherDist, yearmonth: '2026-11' })).data;
    expect(own.rows.map((r) => r.company_id)).toEqual([ids.outsider]);
    expect(own.totals.indirect_usage_cents).toBe(500);
  });

  it('answers not found for a company that is not a distributor', async () => {
    const res = await admin.call(distributorUsageV2, { id: ids.direct1, yearmonth: '2026-11' });
    expect([res.code, res.message]).toEqual([404, DISTRIBUTOR_USAGE_MESSAGES.notDistributor]);
  });
});

describe('distributor_commission/set', () => {
  it('refuses distributors and percentages outside 0 to 100', async () => {
    expect(
      (await distributor.call(setDistributorCommission, { id: ids.dist, discount_percent: 50, indirect_commission_percent: 0 })).code,
    ).toBe(403);
    const res = await admin.call(setDistributorCommission, { id: ids.dist, discount_percent: 101, indirect_commission_percent: 0 });
    expect(res.status === 'error' && res.data.fields?.discount_percent).toBe(DISTRIBUTOR_USAGE_MESSAGES.percent);
  });
});

describe('distributor_commission/get', () => {
  it('answers the percentages the report uses, to admins only, for distributors only', async () => {
    const before = ok(await admin.call(getDistributorCommission, { id: ids.dist })).data;
    const report = ok(await admin.call(distributorUsageV2, { id: ids.dist, yearmonth: '2026-11' })).data;
    expect(before).toEqual(report.rates);
    ok(await admin.call(setDistributorCommission, { id: ids.dist, discount_percent: 12, indirect_commission_percent: 4 }));
    expect(ok(await admin.call(getDistributorCommission, { id: ids.dist })).data).toEqual({
      discount_percent: 12,
      indirect_commission_percent: 4,
    });
    expect((await distributor.call(getDistributorCommission, { id: ids.dist })).code).toBe(403);
    expect(await admin.call(getDistributorCommission, { id: ids.direct1 })).toMatchObject({
      code: 404,
      message: DISTRIBUTOR_USAGE_MESSAGES.notDistributor,
    });
  });
});

describe('company_usage_by_month', () => {
  it("answers a customer's last 12 months, newest first, each with its items", async () => {
    const d = ok(await admin.call(companyUsageByMonth, { id: ids.direct1 })).data;
    expect(d.months).toHaveLength(12);
    expect(d.months[0]?.yearmonth).toBe('2026-11');
    expect(d.months[11]?.yearmonth).toBe('2025-12');
    expect(d.months[0]?.usage_total_cents).toBe(sum(inMonth('direct1', '2026-11')));
    expect(d.months[1]?.items).toEqual([
      {
        type: 'device',
        booster_type: null,
        plan_id: 'Growth',
        plan_description: 'Growth',
        count: 9,
        charge_count: 1,
        charge_total_cents: 999,
        booster_365_account_count: 0,
      },
    ]);
    expect(d.months.slice(2).every((m) => m.usage_total_cents === 0 && m.items.length === 0)).toBe(true);
  });

  it('is for admins only', async () => {
    expect((await distributor.call(companyUsageByMonth, { id: ids.direct1 })).code).toBe(403);
  });
});
