import { getAuthContext } from '@portal/contract/auth/auth-context';
import { login } from '@portal/contract/auth/login';
import type { CallOutput } from '@portal/contract/shared/define-call';
import { getOrCreatePassphrase } from '@portal/contract/security/passphrase';
import { getTwoFactor } from '@portal/contract/security/two-factor';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { on } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { PASSPHRASE_USED } from './passphrase-page';

vi.mock('../../auth/components/altcha-setup', () => ({}));

const answer = (type: CallOutput<typeof login>['type']): CallOutput<typeof login> => ({
  type,
  auth_context: null,
  will_delete_at: null,
  webauthn_challenge: null,
  redirect_url: null,
});

const NEW_WORDS =
  'apple banana cherry delta echo foxtrot golf hotel india juliet kilo lima mango nectar oscar papa quince romeo sierra tango';

describe('signing in with the recovery passphrase', () => {
  it('sends the user to /passphrase, where a new one is made, and says why', async () => {
    let signedIn = false;
    const { api, router } = await renderApp('/login?method=recovery_passphrase', [
      on(getAuthContext, () => (signedIn ? authContext() : null)),
      on(login, (body) => {
        if (body.target_type === 'email') return answer('password_required');
        signedIn = true;
        return { ...answer('ok'), auth_context: authContext(), recovery_passphrase_used: true as const };
      }),
      on(getTwoFactor, () => ({ method: 'none' as const, enabled_at: null, webauthn_devices: [] })),
      on(getOrCreatePassphrase, () => ({
        passphrase_raw: NEW_WORDS,
        passphrase_hint: 'apple … tango',
        created_at: '2026-11-21T00:00:00Z',
      })),
    ]);
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.type(await screen.findByLabelText(/^Recovery passphrase/), 'one two three');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/passphrase'));
    expect(await screen.findByText(PASSPHRASE_USED)).toBeTruthy();
    expect(await screen.findByText(NEW_WORDS)).toBeTruthy();
    expect(api.callsTo(getOrCreatePassphrase).map((request) => request.body)).toEqual([{ regenerate: false }]);
  });

  it('says nothing about a used phrase on a later visit, when the new one is no longer shown', async () => {
    const { router } = await renderApp('/passphrase', [
      on(getAuthContext, () => authContext()),
      on(getTwoFactor, () => ({ method: 'none' as const, enabled_at: null, webauthn_devices: [] })),
      on(getOrCreatePassphrase, () => ({ passphrase_raw: null, passphrase_hint: 'apple … tango', created_at: '2026-11-21T00:00:00Z' })),
    ]);
    await router.navigate({ to: '/passphrase', state: { passphraseUsed: true } });
    expect(await screen.findByText(/^Hint: /)).toBeTruthy();
    expect(screen.queryByText(PASSPHRASE_USED)).toBeNull();
  });
});
