import { getAuthContext } from '@portal/contract/auth/auth-context';
import { type LoginResultType, login } from '@portal/contract/auth/login';
import type { CallOutput } from '@portal/contract/shared/define-call';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authContext } from '../test/auth-fixtures';
import { on } from '../test/fake-api';
import { renderApp } from '../test/render-app';

vi.mock('../features/auth/components/altcha-setup', () => ({}));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startAuthentication: vi.fn(),
}));

const AUTH = getAuthContext;
const LOGIN = login;
const CHALLENGE = { challenge: 'abc', rpId: 'localhost', allowCredentials: [] };
const ASSERTION = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };

type Second = 'totp' | 'webauthn' | 'none';

const ok = (auth = authContext()): CallOutput<typeof login> => ({
  type: 'ok',
  auth_context: auth,
  will_delete_at: null,
  webauthn_challenge: null,
  redirect_url: null,
});
const next = (type: LoginResultType, extra: Partial<CallOutput<typeof login>> = {}): CallOutput<typeof login> => ({
  type,
  auth_context: null,
  will_delete_at: null,
  webauthn_challenge: null,
  redirect_url: null,
  ...extra,
});

/** ann@example.com with password 'secret', passphrase 'one two three' and the given second factor (code 123456). */
function server(second: Second) {
  let signedIn: ReturnType<typeof authContext> | null = null;
  const finish = () => {
    signedIn = authContext();
    return ok(signedIn);
  };
  const afterFirst = () => {
    if (second === 'totp') return next('totp_required');
    if (second === 'webauthn') return next('webauthn_required', { webauthn_challenge: CHALLENGE });
    return finish();
  };
  return [
    on(AUTH, () => signedIn),
    on(LOGIN, (body) => {
      switch (body.target_type) {
        case 'email':
          return next('password_required');
        case 'password':
          return body.target_password === 'secret' ? afterFirst() : { error: { code: 401, message: 'Invalid email or password' } };
        case 'email_token':
          return body.target_email_token === 'good-token'
            ? afterFirst()
            : { error: { code: 401, message: 'This sign-in link is invalid' } };
        case 'recovery_passphrase':
          return body.target_recovery_passphrase === 'one two three'
            ? finish()
            : { error: { code: 401, message: 'Invalid email or recovery passphrase' } };
        case 'totp':
          return body.target_totp_code === '123456' ? finish() : { error: { code: 401, message: 'The code is not correct' } };
        case 'webauthn':
          return typeof body.target_webauthn_response === 'string' ? finish() : { error: { code: 401, message: 'no' } };
        default:
          return { error: { code: 400, message: 'bad' } };
      }
    }),
  ];
}

async function signInWithPassword() {
  await userEvent.type(await screen.findByLabelText(/^Email/), 'ann@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await userEvent.type(await screen.findByLabelText(/^Password/), 'secret');
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

beforeEach(() => {
  vi.mocked(startAuthentication).mockReset();
  vi.mocked(browserSupportsWebAuthn).mockReturnValue(true);
});

describe('login with an authenticator code', () => {
  it('asks for the 6-digit code after the password and signs in with it', async () => {
    const { api, router } = await renderApp('/login', server('totp'));
    await signInWithPassword();
    const code = await screen.findByLabelText(/^Authentication code/);
    expect(document.activeElement).toBe(code);

    await userEvent.type(code, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter a 6-digit code')).toBeTruthy();
    expect(api.callsTo(LOGIN)).toHaveLength(2);

    await userEvent.type(code, '9');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: The code is not correct');

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo(LOGIN).at(-1)?.body).toMatchObject({
      target_type: 'totp',
      target_user: 'ann@example.com',
      target_totp_code: '123456',
    });
  });
});

describe('login with a security key', () => {
  it('hands the challenge to the browser and sends its answer as JSON', async () => {
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
    const { api, router } = await renderApp('/login', server('webauthn'));
    await signInWithPassword();
    await userEvent.click(await screen.findByRole('button', { name: 'Use security key' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: CHALLENGE });
    expect(api.callsTo(LOGIN).at(-1)?.body).toMatchObject({
      target_type: 'webauthn',
      target_user: 'ann@example.com',
      target_webauthn_response: JSON.stringify(ASSERTION),
    });
  });

  it('says so when the device fails, and lets the user try again', async () => {
    vi.mocked(startAuthentication).mockRejectedValueOnce(new DOMException('cancelled', 'NotAllowedError'));
    const { api } = await renderApp('/login', server('webauthn'));
    await signInWithPassword();
    await userEvent.click(await screen.findByRole('button', { name: 'Use security key' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Failed to authenticate with WebAuthn device');
    expect(api.callsTo(LOGIN)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Use security key' })).toBeTruthy();
  });

  it('says so when the browser has no WebAuthn', async () => {
    vi.mocked(browserSupportsWebAuthn).mockReturnValue(false);
    await renderApp('/login', server('webauthn'));
    await signInWithPassword();
    await userEvent.click(await screen.findByRole('button', { name: 'Use security key' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: this browser does not support WebAuthn');
    expect(startAuthentication).not.toHaveBeenCalled();
  });
});

describe('login with the recovery passphrase', () => {
  it('switches from the password step to the passphrase', async () => {
    const { api, router } = await renderApp('/login', server('totp'));
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use recovery passphrase instead' }));
    const phrase = await screen.findByLabelText(/^Recovery passphrase/);
    expect(phrase.tagName).toBe('TEXTAREA');

    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your recovery passphrase')).toBeTruthy();

    await userEvent.type(phrase, 'one two three');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo(LOGIN).at(-1)?.body).toMatchObject({
      target_type: 'recovery_passphrase',
      target_user: 'ann@example.com',
      target_recovery_passphrase: 'one two three',
    });
  });

  it('goes straight to the passphrase after the email with method=recovery_passphrase', async () => {
    await renderApp('/login?method=recovery_passphrase', server('none'));
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText(/^Recovery passphrase/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Use password instead' }));
    expect(await screen.findByLabelText(/^Password/)).toBeTruthy();
  });

  it('is offered when the second factor is lost', async () => {
    await renderApp('/login', server('totp'));
    await signInWithPassword();
    await screen.findByLabelText(/^Authentication code/);
    await userEvent.click(screen.getByRole('button', { name: 'Use recovery passphrase instead' }));
    expect(await screen.findByLabelText(/^Recovery passphrase/)).toBeTruthy();
  });
});

describe('login with a mailed link', () => {
  it('signs in with the token at once, without an email', async () => {
    const { api, router } = await renderApp('/login?method=email_token&t=good-token', server('none'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo(LOGIN)).toHaveLength(1);
    expect(api.callsTo(LOGIN)[0]?.body).toEqual({
      target_type: 'email_token',
      target_email_token: 'good-token',
      target_browser_timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('asks for the second factor the account needs', async () => {
    const { api, router } = await renderApp('/login?method=email_token&t=good-token&redirect_to=%2Ftopup', server('totp'));
    await userEvent.type(await screen.findByLabelText(/^Authentication code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/topup'));
    expect(api.callsTo(LOGIN).at(-1)?.body).toMatchObject({ target_type: 'totp', target_totp_code: '123456' });
    expect(api.callsTo(LOGIN).at(-1)?.body).not.toHaveProperty('target_user');
  });

  it('goes to /verify_email?success=0 when the link is refused', async () => {
    const { router } = await renderApp('/login?method=email_token&t=old-token', server('none'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify_email'));
    expect(router.state.location.search).toEqual({ success: 0 });
    expect(await screen.findByText('This email verification link is invalid or has expired.')).toBeTruthy();
  });
});

describe('login answers', () => {
  it('sends the browser to the single sign-on address', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await renderApp('/login', [
      on(AUTH, () => null),
      on(LOGIN, () => next('external_sso_required', { redirect_url: 'https://idp.example.com/auth?x=1' })),
    ]);
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ann@corp.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example.com/auth?x=1'));
  });

  it('shows the message of a rate-limited answer', async () => {
    await renderApp('/login', [
      on(AUTH, () => null),
      on(LOGIN, () => ({ error: { code: 429, message: 'Too many attempts, please try again in 15 minutes' } })),
    ]);
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Too many attempts, please try again in 15 minutes');
  });

  it('links the password step to the forgotten-password page', async () => {
    const { router } = await renderApp('/login', server('none'));
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot_password'));
  });
});
