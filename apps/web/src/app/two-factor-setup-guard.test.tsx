import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authContext } from '../test/auth-fixtures';
import { renderApp } from '../test/render-app';

const AUTH = '/api/v1/web/auth';
const MFA = '/api/v1/user/mfa/get';
const NO_TWO_FACTOR = { method: 'none', enabled_at: null, webauthn_devices: [] };

describe('two-factor required by the company', () => {
  it('sends every other page to /setup_two_factor', async () => {
    const { router } = await renderApp('/dashboard', {
      [AUTH]: () => authContext({ needs_two_factor_setup: true }),
      [MFA]: () => NO_TWO_FACTOR,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/setup_two_factor'));
    expect(await screen.findByText('Two-factor authentication is required')).toBeTruthy();
  });

  it('leaves the setup, recovery and account pages open', async () => {
    for (const path of ['/passphrase', '/security_questions', '/myaccount', '/setup_two_factor']) {
      const { router, view } = await renderApp(path, {
        [AUTH]: () => authContext({ needs_two_factor_setup: true }),
        [MFA]: () => NO_TWO_FACTOR,
      });
      expect(router.state.location.pathname).toBe(path);
      view.unmount();
    }
  });

  it('does nothing once two-factor is set up', async () => {
    const { router } = await renderApp('/users', { [AUTH]: () => authContext({ capabilities: ['edit_users'] }) });
    expect(router.state.location.pathname).toBe('/users');
  });
});
