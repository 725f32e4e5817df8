import { getAuthContext } from '@portal/contract/auth/auth-context';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../test/auth-fixtures';
import { on } from '../test/fake-api';
import { renderApp } from '../test/render-app';

const AUTH = getAuthContext;

describe('an unknown or unbuilt address', () => {
  it('keeps the signed-in shell and says the page is not found, with a link home', async () => {
    const { router } = await renderApp('/no/such/route', [on(AUTH, () => authContext())]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    // The shell: the header with the user's menu and the navigation.
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('main').textContent).toContain('There is no page at this address.');
    await waitFor(() => expect(document.title).toMatch(/^Page not found · /));
    // The address stays as typed.
    expect(router.state.location.pathname).toBe('/no/such/route');

    await userEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows a visitor the same note inside the public layout, and home is the login', async () => {
    const { router } = await renderApp('/topup_history', [on(AUTH, () => null)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(router.state.location.pathname).toBe('/topup_history');

    await userEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
