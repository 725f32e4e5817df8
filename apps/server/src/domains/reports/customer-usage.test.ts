import { adminUsageReport, type CustomerUsageEvent, type CustomerUsageFilters } from '@portal/contract/reports/customer-usage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../../test/database.ts';
import { newCreditPack, newUser } from '../../test/factories.ts';
import { createTestContext, newCompany, type TestClient, type TestContext, signedInCompany } from '../../test/harness.ts';
import { putCharge, setCompany } from '../../test/rows.ts';
import * as tenancy from '../tenancy/service.ts';
import { FIRST_USAGE_BATCH, USAGE_BATCH } from './customer-usage.ts';

/**
 * AdminUsageReport.json against a hand-made month (October 2026, Auckland days): the expected rows and sums are
 * worked out here from the fixture's own list of charges, never by the report's SQL.
 */
const MONTH = '2026-10';
type Kind = Parameters<typeof putCharge>[1]['kind'];
interface Charge {
  company: string;
  day: string;
  kind: Kind;
  quantity: number;
  amount: number;
}
interface Fixture {
  id: number;
  name: string;
  vip: boolean;
  partner: boolean;
  contract: boolean;
  region: string;
  distributorName: string | null;
  salesId: number | null;
  inMonth: boolean;
  type: 'customer' | 'distributor';
}

let t: TestContext;
let admin: TestClient;
let distributorClient: TestClient;
let salesId: number;
const companies = new Map<string, Fixture>();
const CHARGES: Charge[] = [
  { company: 'Alpha', day: '2026-10-01', kind: 'device', quantity: 2, amount: 100 },
  { company: 'Alpha', day: '2026-10-15', kind: 'device', quantity: 3, amount: 150 },
  { company: 'Alpha', day: '2026-10-31', kind: 'device', quantity: 1, amount: 50 },
  { company: 'Alpha', day: '2026-10-31', kind: 'account', quantity: 1, amount: 500 },
  { company: 'Alpha', day: '2026-09-30', kind: 'device', quantity: 9, amount: 999 },
  { company: 'Alpha', day: '2026-11-01', kind: 'device', quantity: 9, amount: 999 },
  { company: 'Bravo', day: '2026-10-03', kind: 'account', quantity: 1, amount: 500 },
  { company: 'Charlie', day: '2026-10-04', kind: 'storage', quantity: 5, amount: 1234 },
  { company: 'Charlie', day: '2026-10-05', kind: 'booster', quantity: 1, amount: 25 },
  { company: 'Dist One', day: '2026-10-06', kind: 'booster', quantity: 4, amount: 400 },
  { company: 'Echo', day: '2026-10-07', kind: 'hosted_server', quantity: 1, amount: 777 },
  { company: 'Gone', day: '2026-09-10', kind: 'device', quantity: 1, amount: 10 },
];

async function add(name: string, o: Partial<Omit<Fixture, 'id' | 'name'>> & { created?: string; deleted?: string } = {}) {
  const distributor = o.distributorName ? companies.get(o.distributorName) : undefined;
  const { company } = await newCompany(t.db, {
    company_name: name,
    company_type: o.type ?? 'customer',
    is_vip: o.vip ?? false,
    is_partner_company: o.partner ?? false,
    has_contract_billing: o.contract ?? false,
    region_code: o.region ?? 'us-east',
    distributor_id: distributor?.id ?? null,
    sales_id: o.salesId ?? null,
    created_at: new Date(o.created ?? '2026-01-10T00:00:00Z'),
    current_state: 'ACTIVE',
  });
  if (o.deleted) await setCompany(t, company.id, { deleted_at: new Date(o.deleted), current_state: 'DELETED' });
  companies.set(name, {
    id: company.id,
    name,
    vip: o.vip ?? false,
    partner: o.partner ?? false,
    contract: o.contract ?? false,
    region: o.region ?? 'us-east',
    distributorName: o.distributorName ?? null,
    salesId: o.salesId ?? null,
    inMonth: o.inMonth ?? true,
    type: o.type ?? 'customer',
  });
  return company;
}

beforeAll(async () => {
  t = await createTestContext();
  const staff = await signedInCompany(t, { company_type: 'admin', staff_role: 'admin' });
  admin = staff.client;
  salesId = (await newUser(t.db, staff.company.id, { staff_role: 'sales', contact_name: 'Sam Sales' })).id;
  const dist = await signedInCompany(t, { company_type: 'distributor', company_name: 'Dist One' });
  distributorClient = dist.client;
  companies.set('Dist One', {
    id: dist.company.id,
    name: 'Dist One',
    vip: false,
    partner: false,
    contract: false,
    region: 'us-east',
    distributorName: null,
    salesId: null,
    inMonth: true,
    type: 'distributor',
  });
  await setCompany(t, dist.company.id, { created_at: new Date('2026-01-10T00:00:00Z') });
  await add('Dist Two', { type: 'distributor', region: 'eu-west' });
  await add('Alpha', { vip: true, region: 'eu-west', salesId });
  await add('Bravo', { distributorName: 'Dist One', partner: true, contract: true });
  await add('Charlie', { distributorName: 'Dist One', vip: true, region: 'eu-west' });
  await add('Echo', { distributorName: 'Dist Two' });
  await add('Foxtrot', { salesId, contract: true });
  // Deleted before October began, and created after it ended: neither is in the month.
  await add('Gone', { deleted: '2026-09-20T00:00:00Z', inMonth: false });
  await add('Later', { created: '2026-11-05T00:00:00Z', inMonth: false });
  for (const c of CHARGES) {
    const company = companies.get(c.company);
    if (!company) throw new Error(c.company);
    await putCharge(t, { company_id: company.id, charge_day: c.day, kind: c.kind, quantity: c.quantity, amount: c.amount });
  }
  await newCreditPack(t.db, t.clock.now(), (companies.get('Alpha') as Fixture).id, { amount: 4321 });
});
afterAll(() => t.close());

/** Reads the answer line by line, as the page does, and checks the line format the contract promises. */
function eventsOf(body: string): CustomerUsageEvent[] {
  const lines = body.split('\n');
  expect(lines[0]).toBe('{"status":"ok","code":200,"data":[');
  expect(lines.at(-2)).toBe(']}');
  expect(lines.at(-1)).toBe('');
  return lines.slice(1, -2).map((line, i) => JSON.parse(i === 0 ? line : line.replace(/^,/, '')) as CustomerUsageEvent);
}

async function run(client: TestClient, filters: Partial<CustomerUsageFilters> = {}) {
  const res = await client.post(adminUsageReport.path, { target_year_month: MONTH, ...filters });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const events = eventsOf(res.body);
  const [first, ...rest] = events;
  if (first?.event !== 'COMPANIES_LOADED') throw new Error('the first event is not COMPANIES_LOADED');
  const rows = rest.map((e) => {
    if (e.event !== 'COMPANY') throw new Error('a second COMPANIES_LOADED');
    return e.row;
  });
  expect(first.total).toBe(rows.length);
  return rows;
}

/** The fixture's own answer: what each company charged in October, per service type. */
function expectedUsage(name: string) {
  const byType = new Map<string, { type: string; charge_total_cents: number; charge_count: number; peak_quantity: number }>();
  for (const c of CHARGES.filter((c) => c.company === name && c.day.startsWith(MONTH))) {
    const u = byType.get(c.kind) ?? { type: c.kind, charge_total_cents: 0, charge_count: 0, peak_quantity: 0 };
    u.charge_total_cents += c.amount;
    u.charge_count += 1;
    u.peak_quantity = Math.max(u.peak_quantity, c.quantity);
    byType.set(c.kind, u);
  }
  return [...byType.values()].sort((a, b) => a.type.localeCompare(b.type));
}

const hasRealUsage = (name: string) => expectedUsage(name).some((u) => u.type !== 'account' && u.charge_total_cents > 0);
const names = (rows: { company_name: string }[]) => rows.map((r) => r.company_name);
const expectedNames = (keep: (f: Fixture) => boolean) =>
  [...companies.values()]
    .filter((f) => f.inMonth && keep(f))
    .sort((a, b) => a.id - b.id)
    .map((f) => f.name);

describe('AdminUsageReport.json', () => {
  it('streams the total first, then every customer and distributor company of the month in id order with its usage', async () => {
    const rows = await run(admin);
    expect(names(rows)).toEqual(expectedNames(() => true));
    for (const row of rows) expect(row.usage, row.company_name).toEqual(expectedUsage(row.company_name));
    const alpha = rows.find((r) => r.company_name === 'Alpha');
    expect(alpha).toMatchObject({
      is_vip: true,
      region: { code: 'eu-west' },
      balance: 4321,
      usage_total_cents: 800,
      has_real_usage: true,
      is_managed: false,
      distributor: null,
      state: 'ACTIVE',
      sales_id: salesId,
      created_at: '2026-01-10T00:00:00.000Z',
    });
    expect(alpha?.users).toHaveLength(1);
    const bravo = rows.find((r) => r.company_name === 'Bravo');
    expect(bravo).toMatchObject({ has_real_usage: false, is_managed: true, distributor: { company_name: 'Dist One' } });
  });

  it('applies each filter as decision 0060 defines it', async () => {
    expect(names(await run(admin, { target_filter_is_vip: true }))).toEqual(expectedNames((f) => f.vip));
    expect(names(await run(admin, { target_filter_is_vip: false }))).toEqual(expectedNames((f) => !f.vip));
    expect(names(await run(admin, { target_filter_is_partner: true }))).toEqual(expectedNames((f) => f.partner));
    expect(names(await run(admin, { target_filter_has_contract_billing: true }))).toEqual(expectedNames((f) => f.contract));
    expect(names(await run(admin, { target_filter_is_managed: true }))).toEqual(expectedNames((f) => f.distributorName !== null));
    expect(names(await run(admin, { target_filter_is_managed: false }))).toEqual(expectedNames((f) => f.distributorName === null));
    expect(names(await run(admin, { target_filter_has_real_usage: true }))).toEqual(expectedNames((f) => hasRealUsage(f.name)));
    expect(names(await run(admin, { target_filter_has_real_usage: false }))).toEqual(expectedNames((f) => !hasRealUsage(f.name)));
    expect(names(await run(admin, { target_region_id: ['eu-west'] }))).toEqual(expectedNames((f) => f.region === 'eu-west'));
    expect(names(await run(admin, { target_sales_id: salesId }))).toEqual(expectedNames((f) => f.salesId === salesId));
    expect(names(await run(admin, { target_filter_is_vip: true, target_region_id: ['eu-west'], target_filter_is_managed: true }))).toEqual([
      'Charlie',
    ]);
  });

  it('a distributor chosen: only its sub-accounts with real usage, whatever the other filters say', async () => {
    const one = companies.get('Dist One') as Fixture;
    const rows = await run(admin, { target_distributor_id: one.id, target_filter_is_vip: false, target_region_id: ['us-west'] });
    expect(names(rows)).toEqual(expectedNames((f) => f.distributorName === 'Dist One' && hasRealUsage(f.name)));
    expect(names(rows)).toEqual(['Charlie']);
  });

  it('another month sums that month only', async () => {
    const rows = await run(admin, { target_year_month: '2026-09', target_filter_has_real_usage: true });
    expect(names(rows)).toEqual(['Alpha', 'Gone']);
    expect(rows[0]?.usage).toEqual([{ type: 'device', charge_total_cents: 999, charge_count: 1, peak_quantity: 9 }]);
  });

  it('refuses a distributor, who sees no company at all, and writes nothing', async () => {
    const before = await fingerprint(t.handle);
    const res = await distributorClient.post(adminUsageReport.path, {
      target_year_month: MONTH,
      target_distributor_id: companies.get('Dist One')?.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Charlie');
    expect(res.json()).toMatchObject({ status: 'error', code: 403 });
    expect(await fingerprint(t.handle)).toEqual(before);
  });

  it('answers a bad month as a field error before any row', async () => {
    const res = await admin.post(adminUsageReport.path, { target_year_month: '2026-13' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: { fields: { target_year_month: 'Please choose a month' } } });
  });

  it('reads the whole answer as one envelope too, each event matching the contract', async () => {
    const res = await admin.call(adminUsageReport, { target_year_month: MONTH });
    if (res.status !== 'ok') throw new Error(res.message);
    expect(res.data[0]).toEqual({ event: 'COMPANIES_LOADED', total: res.data.length - 1 });
  });

  it('goes past keyset batches without losing or repeating a company', async () => {
    const many = await tenancy.createCompanies(t, {
      rows: Array.from({ length: FIRST_USAGE_BATCH + USAGE_BATCH + 7 }, (_, i) => ({ company_name: `Bulk ${i}`, region_code: 'nz-north' })),
    });
    const rows = await run(admin, { target_year_month: '2026-11', target_region_id: ['nz-north'] });
    expect(rows.map((r) => r.id)).toEqual(many.map((c) => c.id).sort((a, b) => a - b));
  });
});
