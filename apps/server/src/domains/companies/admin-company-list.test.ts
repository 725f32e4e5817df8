import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany, newUser } from '../../test/harness.ts';
import { setCompany } from '../../test/rows.ts';

let t: TestContext;
let admin: TestClient;
let ids: Record<string, number>;
beforeAll(async () => {
  t = await createTestContext();
  const staff = await newCompany(t.db, {
    company_type: 'admin',
    company_name: 'Staff HQ',
    current_state: 'ACTIVE',
    created_at: new Date('2020-01-01'),
  });
  const dist = await newCompany(t.db, {
    company_type: 'distributor',
    company_name: 'Zeta Distribution',
    current_state: 'ACTIVE',
    created_at: new Date('2021-01-01'),
  });
  const made = {
    alpha: await newCompany(t.db, {
      company_name: 'Alpha Dental',
      current_state: 'ACTIVE',
      country: 'AU',
      created_at: new Date('2024-01-01'),
      email: 'zz@alpha.example.com',
    }),
    beta: await newCompany(t.db, {
      company_name: 'Beta 100% Legal_',
      current_state: 'TRIAL',
      distributor_id: dist.company.id,
      created_at: new Date('2025-01-01'),
      email: 'aa@beta.example.com',
    }),
    gamma: await newCompany(t.db, { company_name: 'Gamma Motors', current_state: 'SUSPENDED', created_at: new Date('2023-01-01') }),
    delta: await newCompany(t.db, { company_name: 'Delta Farms', current_state: 'PENDING_DELETE' }),
    eps: await newCompany(t.db, { company_name: 'Epsilon Gone', current_state: 'DELETED' }),
    zeta: await newCompany(t.db, { company_name: 'Moved Co', current_state: 'MIGRATED' }),
  };
  await newUser(t.db, made.gamma.company.id, { email: 'findme-secondary@gamma.example.com' });
  ids = { ...Object.fromEntries(Object.entries(made).map(([k, v]) => [k, v.company.id])), staff: staff.company.id, dist: dist.company.id };
  admin = new TestClient(t.app);
  await admin.login(staff.user.email);
});
afterAll(() => t.close());

type ListData = {
  rows: { id: number; company_name: string; distributor: { company_name: string } | null; users: { email: string }[] }[];
  total: number;
  count_in_state: Record<string, number>;
};
const list = async (input: Record<string, unknown>) => (await admin.call(adminCompanyList, input)).data as ListData;
const names = (d: ListData) => d.rows.map((r) => r.company_name);

describe('admin company list', () => {
  it('shows trial, active and suspended by default, with counts for every state', async () => {
    const d = await list({});
    expect(names(d)).toEqual(['Alpha Dental', 'Beta 100% Legal_', 'Gamma Motors', 'Staff HQ', 'Zeta Distribution']);
    expect(d.total).toBe(5);
    expect(d.count_in_state).toEqual({ TRIAL: 1, ACTIVE: 3, SUSPENDED: 1, PENDING_DELETE: 1, DELETED: 1, MIGRATED: 1 });
  });

  it('filters by state, the deleted tab including migrated', async () => {
    expect(names(await list({ target_company_states: ['DELETED', 'MIGRATED'] }))).toEqual(['Epsilon Gone', 'Moved Co']);
    expect(names(await list({ target_company_states: ['PENDING_DELETE'] }))).toEqual(['Delta Farms']);
  });

  it('searches by name, by any user email and by id; % and _ are literal', async () => {
    expect(names(await list({ target_search_query: 'dental' }))).toEqual(['Alpha Dental']);
    expect(names(await list({ target_search_query: 'findme-secondary' }))).toEqual(['Gamma Motors']);
    expect(names(await list({ target_search_query: String(ids.beta) }))).toContain('Beta 100% Legal_');
    expect(names(await list({ target_search_query: '100%' }))).toEqual(['Beta 100% Legal_']);
    expect(names(await list({ target_search_query: '_' }))).toEqual(['Beta 100% Legal_']);
    const searched = await list({ target_search_query: 'alpha' });
    expect(searched.count_in_state.ACTIVE).toBe(1);
    expect(searched.count_in_state.TRIAL).toBe(0);
  });

  it('answers a search without matches with no rows and zero counts', async () => {
    const none = await list({ target_search_query: 'no company is called this' });
    expect(none.rows).toEqual([]);
    expect(none.total).toBe(0);
    expect(Object.values(none.count_in_state).every((n) => n === 0)).toBe(true);
  });

  it('pages through search results in the chosen order', async () => {
    const all = names(
      await list({ target_search_query: 'a', target_order: 'company_name', target_order_direction: 'desc', page_size: 100 }),
    );
    const second = names(
      await list({ target_search_query: 'a', target_order: 'company_name', target_order_direction: 'desc', page: 2, page_size: 2 }),
    );
    expect(second).toEqual(all.slice(2, 4));
  });

  it('sorts by each sortable column in both directions', async () => {
    expect(names(await list({ target_order: 'company_name', target_order_direction: 'desc' }))[0]).toBe('Zeta Distribution');
    expect(names(await list({ target_order: 'created_at', target_order_direction: 'desc' }))[0]).toBe('Beta 100% Legal_');
    expect(names(await list({ target_order: 'email' }))[0]).toBe('Beta 100% Legal_');
    expect(names(await list({ target_order: 'country' }))[0]).toBe('Alpha Dental');
    expect((await list({ target_order: 'id' })).rows.map((r) => r.id)).toEqual(
      [...(await list({ target_order: 'id' })).rows.map((r) => r.id)].sort((a, b) => a - b),
    );
  });

  it('pages with page and page_size', async () => {
    const p2 = await list({ page: 2, page_size: 2 });
    expect(names(p2)).toEqual(['Gamma Motors', 'Staff HQ']);
    expect(p2.total).toBe(5);
  });

  it('includes the distributor and users of each row', async () => {
    const beta = (await list({ target_search_query: 'beta' })).rows[0];
    expect(beta?.distributor?.company_name).toBe('Zeta Distribution');
    expect(beta?.users.map((u) => u.email)).toEqual(['aa@beta.example.com']);
  });

  it("answers rows in the contract's shape: ISO timestamps, booleans, no distributor as null", async () => {
    const { data } = await admin.call(adminCompanyList, { target_search_query: 'alpha' });
    const [alpha] = (data as { rows: Record<string, unknown>[] }).rows;
    expect(alpha).toMatchObject({
      id: ids.alpha,
      company_name: 'Alpha Dental',
      company_type: 'customer',
      country: 'AU',
      current_state: 'ACTIVE',
      created_at: '2024-01-01T00:00:00.000Z',
      distributor: null,
      is_vip: false,
    });
    expect(new Date(String(alpha?.current_state_applied_at)).toISOString()).toBe(alpha?.current_state_applied_at);
    expect(Object.keys(alpha ?? {}).sort()).toEqual(Object.keys(adminCompanyList.output.shape.rows.element.shape).sort());
  });

  it('exports the whole current query as CSV and Excel', async () => {
    const csv = await admin.post(`${adminCompanyList.path}?format=csv`, { target_search_query: 'a', page_size: 1 });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toContain('company_name');
    expect(lines.length - 1).toBe((await list({ target_search_query: 'a' })).total);
    const xlsx = await admin.post(`${adminCompanyList.path}?format=xlsx`, {});
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.rowCount).toBe(6);
  });

  it('lets support read the list but refuses customers and distributors', async () => {
    const support = await newCompany(t.db, { company_type: 'admin', staff_role: 'support' });
    const s = new TestClient(t.app);
    await s.login(support.user.email);
    expect((await s.call(adminCompanyList, {})).status).toBe('ok');
    const customer = new TestClient(t.app);
    await customer.login((await newCompany(t.db)).user.email);
    expect((await customer.call(adminCompanyList, {})).code).toBe(403);
  });
});

describe('counts per state (changes the data, so last)', () => {
  it('keeps the counts per state right as companies are added and change state', async () => {
    const before = (await list({})).count_in_state;
    const { company } = await newCompany(t.db, { current_state: 'TRIAL' });
    await setCompany(t, company.id, { current_state: 'ACTIVE' });
    const after = (await list({})).count_in_state;
    expect(after.ACTIVE).toBe((before.ACTIVE ?? 0) + 1);
    expect(after.TRIAL).toBe(before.TRIAL);
  });
});
