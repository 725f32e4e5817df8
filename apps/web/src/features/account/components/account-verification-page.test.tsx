import { getAccountSettings } from '@portal/contract/account/account-settings';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { listSessions } from '@portal/contract/auth/sessions';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { renderApp } from '../../../test/render-app';
import { accountSettings } from './account.fixture';
import { on } from '../../../test/fake-api';

const AUTH = getAuthContext;
const GET = getAccountSettings;

function open() {
  return renderApp('/myaccount_verification', [
    on(AUTH, () => authContext()),
    on(GET, () => accountSettings()),
    on(listSessions, () => []),
  ]);
}

describe('/myaccount_verification', () => {
  it('shows the email, company, phone and address', async () => {
    await open();
    // In the details list; the header shows the signed-in email too.
    expect(await screen.findByText('ann@example.com', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('Acme Backups')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your details' })).toBeTruthy();
    expect(document.title).toBe('Confirm your details · Backup Portal');
    expect(screen.getByText('+64 9 555 0100')).toBeTruthy();
    expect(screen.getByText('1 Queen Street, Auckland, 1010, New Zealand')).toBeTruthy();
  });

  it("goes home on 'Confirm details'", async () => {
    const { router } = await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm details' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("goes to /myaccount on 'Change'", async () => {
    const { router } = await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Change' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/myaccount'));
  });

  it("shows 'Error' when the details cannot be read", async () => {
    await renderApp('/myaccount_verification', [
      on(AUTH, () => authContext()),
      on(GET, () => ({ error: { code: 404, message: 'Not found' } })),
    ]);
    expect((await screen.findByRole('alert')).textContent).toContain('Error');
  });
});
