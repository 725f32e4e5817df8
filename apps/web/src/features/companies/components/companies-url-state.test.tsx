import { getAuthContext } from '@portal/contract/auth/auth-context';
import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { distributorListCompanies } from '@portal/contract/companies/company-lookups';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { renderApp } from '../../../test/render-app';
import { on } from '../../../test/fake-api';

const ADMIN = authContext({ roles: ['admin'], company_type: 'admin' });
const counts = { TRIAL: 0, ACTIVE: 300, SUSPENDED: 0, PENDING_DELETE: 0, DELETED: 0, MIGRATED: 0 };
const MANY = { rows: [], total: 300, count_in_state: counts };

describe('company list state in the URL', () => {
  it('opens with the search, page and sort the URL holds, as after a reload', async () => {
    const { api } = await renderApp('/dashboard_admin?restrict=active&q=kiwi&page=3&sort=email&dir=desc', [
      on(getAuthContext, () => ADMIN),
      on(adminCompanyList, () => MANY),
    ]);
    expect(await screen.findByRole('textbox', { name: 'Search Companies' })).toHaveProperty('value', 'kiwi');
    expect(api.callsTo(adminCompanyList).map((c) => c.body)).toEqual([
      {
        target_company_states: ['ACTIVE'],
        page: 3,
        page_size: 50,
        target_search_query: 'kiwi',
        target_order: 'email',
        target_order_direction: 'desc',
      },
    ]);
    expect((await screen.findByRole('button', { name: 'Page 3' })).getAttribute('aria-current')).toBe('page');
  });

  it('writes the search and the page into the URL, replacing the history entry', async () => {
    const { router } = await renderApp('/dashboard_admin', [on(getAuthContext, () => ADMIN), on(adminCompanyList, () => MANY)]);
    const entries = router.history.length;
    await userEvent.type(await screen.findByRole('textbox', { name: 'Search Companies' }), 'kiwi');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'kiwi' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'kiwi', page: 2 }));
    await userEvent.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'kiwi', sort: 'email', dir: 'asc' }));
    expect(router.history.length).toBe(entries);
  });

  it('keeps the search but starts at page 1 on another state tab', async () => {
    const { router } = await renderApp('/dashboard_admin?q=kiwi&page=2', [
      on(getAuthContext, () => ADMIN),
      on(adminCompanyList, () => MANY),
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: /^Active/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'kiwi', restrict: 'active' }));
  });

  it("ignores a sort on a column that cannot sort and falls back to the list's own", async () => {
    const { api } = await renderApp('/dashboard_admin?sort=distributor&page=0', [
      on(getAuthContext, () => ADMIN),
      on(adminCompanyList, () => MANY),
    ]);
    await screen.findByRole('textbox', { name: 'Search Companies' });
    expect(api.callsTo(adminCompanyList)[0]?.body).toMatchObject({ page: 1, target_order: 'company_name', target_order_direction: 'asc' });
  });

  it('opens with the rows per page the URL holds, and writes a new choice into the URL from page 1', async () => {
    const { api, router } = await renderApp('/dashboard_admin?restrict=active&page=2&size=100', [
      on(getAuthContext, () => ADMIN),
      on(adminCompanyList, () => MANY),
    ]);
    const rowsPerPage = await screen.findByRole('combobox', { name: 'Rows per page' });
    expect(rowsPerPage).toHaveProperty('value', '100');
    expect(api.callsTo(adminCompanyList)[0]?.body).toMatchObject({ page: 2, page_size: 100 });
    await userEvent.selectOptions(rowsPerPage, '20');
    await waitFor(() => expect(router.state.location.search).toEqual({ restrict: 'active', size: 20 }));
    await waitFor(() => expect(api.callsTo(adminCompanyList).at(-1)?.body).toMatchObject({ page: 1, page_size: 20 }));
    // Back to the list's own size: the URL drops it.
    await userEvent.selectOptions(rowsPerPage, '50');
    await waitFor(() => expect(router.state.location.search).toEqual({ restrict: 'active' }));
  });

  it('keeps the rows per page on another state tab', async () => {
    const { api, router } = await renderApp('/dashboard_admin?size=10&page=3', [
      on(getAuthContext, () => ADMIN),
      on(adminCompanyList, () => MANY),
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: /^Active/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ size: 10, restrict: 'active' }));
    await waitFor(() =>
      expect(api.callsTo(adminCompanyList).at(-1)?.body).toMatchObject({ target_company_states: ['ACTIVE'], page: 1, page_size: 10 }),
    );
  });

  it("ignores a page size the table does not offer and uses the list's own", async () => {
    const { api, router } = await renderApp('/dashboard_admin?size=25', [
      on(getAuthContext, () => ADMIN),
      on(adminCompanyList, () => MANY),
    ]);
    expect(await screen.findByRole('combobox', { name: 'Rows per page' })).toHaveProperty('value', '50');
    expect(api.callsTo(adminCompanyList)[0]?.body).toMatchObject({ page_size: 50 });
    expect(router.state.location.search).toEqual({});
  });

  it("keeps a distributor's rows per page in the URL, beside the sub-accounts' own default of 25", async () => {
    const { api } = await renderApp('/dashboard_distributor?size=10', [
      on(getAuthContext, () => authContext({ roles: ['distributor'], company_type: 'distributor' })),
      on(distributorListCompanies, () => ({ rows: [], total: 40, trial_count: 0 })),
    ]);
    expect(await screen.findByRole('combobox', { name: 'Rows per page' })).toHaveProperty('value', '10');
    expect(api.callsTo(distributorListCompanies)[0]?.body).toMatchObject({ page_size: 10 });
  });

  it("keeps a distributor's sub-account search in the URL too", async () => {
    const { api } = await renderApp('/dashboard_distributor?restrict=trial&q=bakery', [
      on(getAuthContext, () => authContext({ roles: ['distributor'], company_type: 'distributor' })),
      on(distributorListCompanies, () => ({ rows: [], total: 0, trial_count: 0 })),
    ]);
    expect(await screen.findByRole('textbox', { name: 'Search Sub-accounts' })).toHaveProperty('value', 'bakery');
    expect(api.callsTo(distributorListCompanies)[0]?.body).toMatchObject({ target_restrict: 'trial', target_search_query: 'bakery' });
  });
});
