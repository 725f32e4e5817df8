import { getAuthContext } from '@portal/contract/auth/auth-context';
import { endImpersonation } from '@portal/contract/auth/impersonate';
import { logout } from '@portal/contract/auth/login';
import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../test/auth-fixtures';
import { renderApp } from '../test/render-app';
import { on } from '../test/fake-api';

const AUTH = getAuthContext;
const NO_COMPANIES = {
  rows: [],
  total: 0,
  count_in_state: { TRIAL: 0, ACTIVE: 0, SUSPENDED: 0, PENDING_DELETE: 0, DELETED: 0, MIGRATED: 0 },
};

describe('routing', () => {
  it('sends a signed-out visitor to /login with the page to come back to', async () => {
    const { router } = await renderApp('/dashboard_admin?restrict=trial', [on(AUTH, () => null)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect_to: '/dashboard_admin?restrict=trial' });
  });

  it("redirects '/' to the role's home", async () => {
    const { router } = await renderApp('/', [on(AUTH, () => authContext({ roles: ['distributor'], company_type: 'distributor' }))]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard_distributor'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sub-accounts' })).toBeTruthy();
  });

  it('keeps customers out of the admin dashboard', async () => {
    const { router } = await renderApp('/dashboard_admin', [on(AUTH, () => authContext())]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  // Unknown routes: not-found.test.tsx.

  it('shows the pending-delete date in Pacific/Auckland with the charges warning', async () => {
    await renderApp('/pending_delete?will_delete_at=1700000000', [on(AUTH, () => null)]);
    expect(await screen.findByText('2023-11-15 11:13')).toBeTruthy();
    expect(screen.getByText('Pending charges may apply.')).toBeTruthy();
  });
});

describe('layout', () => {
  it('shows the navigation for the roles held, the email and Log out', async () => {
    await renderApp('/dashboard', [on(AUTH, () => authContext())]);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Active services', 'Usage history', 'Resources', 'My account']);
    expect(screen.getByRole('banner').textContent).toContain('ann@example.com');
    expect(screen.getByRole('main')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /ann@example\.com.*account menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'Log out' })).toBeTruthy();
  });

  it('marks the current page in the navigation', async () => {
    await renderApp('/dashboard', [on(AUTH, () => authContext())]);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'My account' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows an admin the Companies link and the admin tools', async () => {
    await renderApp('/dashboard_admin', [
      on(AUTH, () => authContext({ roles: ['admin'], company_type: 'admin' })),
      on(adminCompanyList, () => NO_COMPANIES),
    ]);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Companies',
      'My tickets',
      'Raise P1 Alert',
      'Reports',
      'Distributor reports',
      'Email templates',
      'Career tests',
      'Top-up options',
      'Promo campaigns',
      'Manage servers',
      'Manage storage',
      'Hosted servers',
      'Tenant hosts',
      'Manage downloads',
      'Scheduled jobs',
      'Resources',
      'My account',
    ]);
  });

  it('sends the user to /login, then back, when a call says the session has ended', async () => {
    const { router } = await renderApp('/dashboard_admin?restrict=trial', [
      on(AUTH, () => authContext({ roles: ['admin'], company_type: 'admin' })),
      on(adminCompanyList, () => ({ error: { code: 401, message: 'Not logged in' } })),
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect_to: '/dashboard_admin?restrict=trial' });
  });

  it('logs out and goes to /login', async () => {
    let signedIn = true;
    const { router, api } = await renderApp('/dashboard', [
      on(AUTH, () => (signedIn ? authContext() : null)),
      on(logout, () => {
        signedIn = false;
        return null;
      }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: /ann@example\.com.*account menu/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo(logout)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('shows who is impersonating and ends it, returning to the admin home', async () => {
    const admin = authContext({ email: 'boss@vendor.example', roles: ['admin'], company_type: 'admin' });
    let current = authContext({ roles: ['customer', 'admin_impersonating'], impersonated_by: 'boss@vendor.example' });
    const { router } = await renderApp('/dashboard', [
      on(AUTH, () => current),
      on(endImpersonation, () => {
        current = admin;
        return admin;
      }),
      on(adminCompanyList, () => NO_COMPANIES),
    ]);
    const banner = await screen.findByRole('status');
    expect(banner.textContent).toContain('Signed in as ann@example.com by boss@vendor.example');
    await userEvent.click(within(banner).getByRole('button', { name: 'End impersonation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard_admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Companies' })).toBeTruthy();
  });
});
