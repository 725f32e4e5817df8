import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { distributorListCompanies } from '@portal/contract/companies/company-lookups';
import { SEARCH_COUNT_CAP } from '@portal/contract/shared/paging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import * as tenancy from '../tenancy/service.ts';

/** More active matches than the cap, all sub-accounts of one distributor, and two trials. */
const ACTIVE_MATCHES = SEARCH_COUNT_CAP + 3;
const name = (i: number) => `Capped Co ${String(i).padStart(5, '0')}`;

let t: TestContext;
let admin: TestClient;
let distributor: TestClient;
beforeAll(async () => {
  t = await createTestContext();
  const staff = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' });
  const dist = await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE' });
  const rows = Array.from({ length: ACTIVE_MATCHES }, (_, i) => ({
    company_name: name(i + 1),
    current_state: 'ACTIVE' as const,
    distributor_id: dist.company.id,
  }));
  for (let i = 0; i < rows.length; i += 1000) await tenancy.createCompanies(t, { rows: rows.slice(i, i + 1000) });
  await tenancy.createCompanies(t, {
    rows: [
      { company_name: 'Capped Trial A', current_state: 'TRIAL', distributor_id: dist.company.id },
      { company_name: 'Capped Trial B', current_state: 'TRIAL', distributor_id: dist.company.id },
    ],
  });
  admin = new TestClient(t.app);
  await admin.login(staff.user.email);
  distributor = new TestClient(t.app);
  await distributor.login(dist.user.email);
}, 120_000);
afterAll(() => t.close());

type Page = { rows: { company_name: string }[]; total: number; total_capped: boolean };
type AdminPage = Page & { count_in_state: Record<string, number> };
type DistributorPage = Page & { trial_count: number };
const adminList = async (input: Record<string, unknown>) => (await admin.call(adminCompanyList, input)).data as AdminPage;
const subAccounts = async (input: Record<string, unknown>) =>
  (await distributor.call(distributorListCompanies, input)).data as DistributorPage;
const names = (p: Page) => p.rows.map((r) => r.company_name);

describe('searches count their matches up to the cap', () => {
  it('answers the admin list past the cap as the cap, flagged, with each state counted up to it', async () => {
    const p = await adminList({ target_search_query: 'capped', page_size: 3 });
    expect(p.total).toBe(SEARCH_COUNT_CAP);
    expect(p.total_capped).toBe(true);
    expect(p.count_in_state.ACTIVE).toBe(SEARCH_COUNT_CAP);
    expect(p.count_in_state.TRIAL).toBe(2);
    expect(p.count_in_state.DELETED).toBe(0);
    // The page is still the first of every match in order, not of the matches that were counted.
    expect(names(p)).toEqual([name(1), name(2), name(3)]);
    expect(names(await adminList({ target_search_query: 'capped', page: 2, page_size: 3 }))).toEqual([name(4), name(5), name(6)]);
    const last = await adminList({ target_search_query: 'capped', target_order_direction: 'desc', page_size: 3 });
    expect(names(last)).toEqual(['Capped Trial B', 'Capped Trial A', name(ACTIVE_MATCHES)]);
  });

  it('counts exactly below the cap, in a search and without one', async () => {
    const trials = await adminList({ target_search_query: 'capped trial' });
    expect(trials.total).toBe(2);
    expect(trials.total_capped).toBe(false);
    const unsearched = await adminList({ target_company_states: ['ACTIVE', 'TRIAL'] });
    expect(unsearched.total).toBeGreaterThan(ACTIVE_MATCHES);
    expect(unsearched.total_capped).toBe(false);
    // The trials tab alone stays under the cap even though the search's active matches do not.
    const trialTab = await adminList({ target_search_query: 'capped', target_company_states: ['TRIAL'] });
    expect(trialTab.total).toBe(2);
    expect(trialTab.total_capped).toBe(false);
  });

  it("caps a distributor's searched sub-accounts the same way, with the trials counted on their own", async () => {
    const p = await subAccounts({ target_search_query: 'capped', page_size: 2 });
    expect(p.total).toBe(SEARCH_COUNT_CAP);
    expect(p.total_capped).toBe(true);
    expect(p.trial_count).toBe(2);
    expect(names(p)).toEqual([name(1), name(2)]);
    const all = await subAccounts({ page_size: 2 });
    expect(all.total).toBe(ACTIVE_MATCHES + 2);
    expect(all.total_capped).toBe(false);
    expect(all.trial_count).toBe(2);
    const few = await subAccounts({ target_search_query: 'capped trial' });
    expect(few).toMatchObject({ total: 2, total_capped: false, trial_count: 2 });
    // A page past the last match still carries the counts.
    expect(await subAccounts({ target_search_query: 'capped trial', page: 5 })).toMatchObject({ rows: [], total: 2, trial_count: 2 });
  });
});
