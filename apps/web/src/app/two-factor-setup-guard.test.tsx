import { getAuthContext } from '@portal/contract/auth/auth-context';
import { getTwoFactor } from '@portal/contract/security/two-factor';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TwoFactorStatus } from '../features/security/api';
import { authContext } from '../test/auth-fixtures';
import { renderApp } from '../test/render-app';
import { on } from '../test/fake-api';

const AUTH = getAuthContext;
const MFA = getTwoFactor;
const NO_TWO_FACTOR: TwoFactorStatus = { method: 'none', enabled_at: null, webauthn_devices: [] };

describe('two-factor required by the company', () => {
  it('sends every other page to /setup_two_factor', async () => {
    const { router } = await renderApp('/dashboard', [
      on(AUTH, () => authContext({ needs_two_factor_setup: true })),
      on(MFA, () => NO_TWO_FACTOR),
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/setup_two_factor'));
    expect(await screen.findByText('Two-factor authentication is required')).toBeTruthy();
  });

  it('leaves the setup, recovery and account pages open', async () => {
    for (const path of ['/passphrase', '/security_questions', '/myaccount', '/setup_two_factor']) {
      const { router, view } = await renderApp(path, [
        on(AUTH, () => authContext({ needs_two_factor_setup: true })),
        on(MFA, () => NO_TWO_FACTOR),
      ]);
      expect(router.state.location.pathname).toBe(path);
      view.unmount();
    }
  });

  it('does nothing once two-factor is set up', async () => {
    const { router } = await renderApp('/users', [on(AUTH, () => authContext({ capabilities: ['edit_users'] }))]);
    expect(router.state.location.pathname).toBe('/users');
  });
});
