import { getAuthContext } from '@portal/contract/auth/auth-context';
import { reauthenticate } from '@portal/contract/auth/sessions';
import { disableTwoFactor, enableTotp, enableWebauthn, getTwoFactor, requestWebauthnChallenge } from '@portal/contract/security/two-factor';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import type { TwoFactorStatus } from '../api';
import { type FakeRoute, on } from '../../../test/fake-api';
import { reauthGate } from '../../../test/reauth';
import { renderApp } from '../../../test/render-app';

const webauthn = vi.hoisted(() => ({ supported: true, startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => webauthn.supported,
  startRegistration: webauthn.startRegistration,
}));

const AUTH = getAuthContext;
const MFA = getTwoFactor;
const ENABLE_TOTP = enableTotp;
const CHALLENGE = requestWebauthnChallenge;
const ENABLE_WEBAUTHN = enableWebauthn;
const DISABLE = disableTwoFactor;
const REAUTH = reauthenticate;

const NONE: TwoFactorStatus = { method: 'none', enabled_at: null, webauthn_devices: [] };
const TOTP: TwoFactorStatus = { method: 'totp', enabled_at: '2026-01-15T00:00:00Z', webauthn_devices: [] };
const KEY = { id: 'd1', name: 'YubiKey', created_at: '2026-01-15T00:00:00Z' };
const WEBAUTHN: TwoFactorStatus = { method: 'webauthn', enabled_at: '2026-01-15T00:00:00Z', webauthn_devices: [KEY] };

function open(routes: readonly FakeRoute[] = []) {
  return renderApp('/setup_two_factor', [on(AUTH, () => authContext()), on(MFA, () => NONE), ...routes]);
}

beforeEach(() => {
  webauthn.supported = true;
  webauthn.startRegistration.mockReset();
});

describe('/setup_two_factor', () => {
  it('shows the status and links to the passphrase and security questions', async () => {
    await open();
    expect(await screen.findByText('Not enabled')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeTruthy();
    expect(document.title).toBe('Two-factor authentication · Backup Portal');
    expect(screen.getByRole('link', { name: 'Recovery passphrase' }).getAttribute('href')).toBe('/passphrase');
    expect(screen.getByRole('link', { name: 'Security questions' }).getAttribute('href')).toBe('/security_questions');
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
  });

  describe('authenticator app', () => {
    it('shows a QR code and a fresh 16-character base32 secret', async () => {
      await open();
      const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
      expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      const secret = screen.getByLabelText('Secret').textContent?.replace(/ /g, '');
      expect(secret).toMatch(/^[A-Z2-7]{16}$/);
    });

    it('needs six digits before asking the server', async () => {
      const { api } = await open();
      await userEvent.type(await screen.findByLabelText('6-digit code'), '12345');
      await userEvent.click(screen.getByRole('button', { name: 'Enable authenticator app' }));
      expect(await screen.findByText('Please enter a 6-digit code')).toBeTruthy();
      expect(api.callsTo(ENABLE_TOTP)).toHaveLength(0);
    });

    it('enables TOTP with the secret shown and the code typed', async () => {
      const { api } = await open([on(ENABLE_TOTP, () => TOTP)]);
      await screen.findByLabelText('Secret');
      const secret = screen.getByLabelText('Secret').textContent?.replace(/ /g, '');
      await userEvent.type(screen.getByLabelText('6-digit code'), '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Enable authenticator app' }));
      expect(await screen.findByText('Enabled (authenticator app)')).toBeTruthy();
      expect(api.callsTo(ENABLE_TOTP)[0]?.body).toEqual({ totp_secret: secret, totp_verify_code: '123456' });
      expect(screen.queryByLabelText('6-digit code')).toBeNull();
    });

    it('shows a wrong code under the field', async () => {
      await open([
        on(ENABLE_TOTP, () => ({
          error: { code: 400, message: 'Please check the highlighted fields', fields: { totp_verify_code: 'That code is not valid' } },
        })),
      ]);
      await userEvent.type(await screen.findByLabelText('6-digit code'), '000000');
      await userEvent.click(screen.getByRole('button', { name: 'Enable authenticator app' }));
      expect(await screen.findByText('That code is not valid')).toBeTruthy();
    });
  });

  describe('security key or passkey', () => {
    it('hands the challenge to the browser and registers its answer as JSON', async () => {
      const options = { challenge: 'abc', rp: { name: 'Backup Portal' } };
      const registration = { id: 'cred', rawId: 'cred', type: 'public-key', response: {} };
      webauthn.startRegistration.mockResolvedValue(registration);
      const { api } = await open([on(CHALLENGE, () => options), on(ENABLE_WEBAUTHN, () => WEBAUTHN)]);
      await userEvent.type(await screen.findByLabelText('Device name'), 'YubiKey');
      await userEvent.click(screen.getByRole('button', { name: 'Add security key or passkey' }));
      expect(await screen.findByText('Enabled (security key)')).toBeTruthy();
      expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: options });
      expect(api.callsTo(ENABLE_WEBAUTHN)[0]?.body).toEqual({
        webauthn_challenge_response: JSON.stringify(registration),
        device_name: 'YubiKey',
      });
      expect(within(screen.getByRole('table', { name: 'Security keys and passkeys' })).getByText('YubiKey')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Add another security key or passkey' })).toBeTruthy();
    });

    it("says 'Failed to register WebAuthn device' when the browser step fails", async () => {
      webauthn.startRegistration.mockRejectedValue(new Error('The operation either timed out or was not allowed.'));
      const { api } = await open([on(CHALLENGE, () => ({ challenge: 'abc' }))]);
      await userEvent.click(await screen.findByRole('button', { name: 'Add security key or passkey' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Failed to register WebAuthn device');
      expect(alert.textContent).toContain('timed out');
      expect(api.callsTo(ENABLE_WEBAUTHN)).toHaveLength(0);
    });

    it("says 'this browser does not support WebAuthn' without asking the server", async () => {
      webauthn.supported = false;
      const { api } = await open();
      await userEvent.click(await screen.findByRole('button', { name: 'Add security key or passkey' }));
      expect((await screen.findByRole('alert')).textContent).toContain('this browser does not support WebAuthn');
      expect(api.callsTo(CHALLENGE)).toHaveLength(0);
    });
  });

  describe('Disable', () => {
    it('asks first, confirms who it is with a code, then turns two-factor off', async () => {
      const gate = reauthGate();
      const { api } = await open([on(MFA, () => TOTP), on(DISABLE, () => gate.answer(NONE)), gate.route]);
      expect(await screen.findByText('Enabled (authenticator app)')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
      const question = await screen.findByRole('dialog', { name: 'Disable two-factor authentication' });
      await userEvent.click(within(question).getByRole('button', { name: 'Disable' }));
      const code = await screen.findByLabelText('Code from your authenticator app');
      await userEvent.type(code, '654321');
      await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByText('Not enabled')).toBeTruthy();
      expect(api.callsTo(REAUTH)[0]?.body).toEqual({ target_totp_code: '654321' });
      expect(api.callsTo(DISABLE)).toHaveLength(2);
    });

    it('does nothing when the user cancels', async () => {
      const { api } = await open([on(MFA, () => WEBAUTHN), on(DISABLE, () => NONE)]);
      await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(api.callsTo(DISABLE)).toHaveLength(0);
    });
  });

  it("shows 'Error' when the status cannot be read", async () => {
    await open([on(MFA, () => ({ error: { code: 403, message: 'You do not have permission to do that' } }))]);
    expect((await screen.findByRole('alert')).textContent).toContain('Error');
  });
});
