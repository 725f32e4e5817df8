import { getAuthContext } from '@portal/contract/auth/auth-context';
import { type LoginResultType, login } from '@portal/contract/auth/login';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../test/auth-fixtures';
import { on } from '../test/fake-api';
import { renderApp } from '../test/render-app';

const AUTH = getAuthContext;
const LOGIN = login;

/** A server with one account: ann@example.com / secret. */
function loginServer(answer: Partial<{ auth: ReturnType<typeof authContext>; type: 'reactivate_account'; will_delete_at: number }> = {}) {
  let signedIn: ReturnType<typeof authContext> | null = null;
  const result = (type: LoginResultType) => ({
    type,
    auth_context: null,
    will_delete_at: null,
    webauthn_challenge: null,
    redirect_url: null,
  });
  return [
    on(AUTH, () => signedIn),
    on(LOGIN, (body) => {
      if (body.target_type === 'email') {
        return { ...result(answer.type ?? 'password_required'), will_delete_at: answer.will_delete_at ?? null };
      }
      if (body.target_password !== 'secret') return { error: { code: 401, message: 'Invalid email or password' } };
      signedIn = answer.auth ?? authContext();
      return { ...result('ok'), auth_context: signedIn };
    }),
  ];
}

async function enterEmail(email: string) {
  await userEvent.type(await screen.findByLabelText(/^Email/), email);
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
}

async function enterPassword(password: string) {
  const input = await screen.findByLabelText(/^Password/);
  if (password) await userEvent.type(input, password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login', () => {
  it('checks the email in the browser with the spec message', async () => {
    const { api } = await renderApp('/login', loginServer());
    expect(document.title).toBe('Log in · Backup Portal');
    await enterEmail('not-an-email');
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo(LOGIN)).toHaveLength(0);
  });

  it('asks for the password after the email, sending the browser time zone with both steps', async () => {
    const { api } = await renderApp('/login', loginServer());
    await enterEmail('ann@example.com');
    expect(await screen.findByLabelText(/^Password/)).toBeTruthy();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(api.callsTo(LOGIN)[0]?.body).toEqual({ target_type: 'email', target_user: 'ann@example.com', target_browser_timezone: zone });

    await enterPassword('');
    expect(await screen.findByText('Please enter a password')).toBeTruthy();
    expect(api.callsTo(LOGIN)).toHaveLength(1);

    await enterPassword('wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Invalid email or password');
    // The refused password is cleared and its field focused for the next try.
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveProperty('value', '');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(api.callsTo(LOGIN)[1]?.body).toMatchObject({
      target_type: 'password',
      target_user: 'ann@example.com',
      target_password: 'wrong',
      target_browser_timezone: zone,
    });
  });

  it('reaches the show-characters toggle by Tab from the password', async () => {
    await renderApp('/login', loginServer());
    await enterEmail('ann@example.com');
    const input = await screen.findByLabelText(/^Password/);
    await waitFor(() => expect(document.activeElement).toBe(input));
    await userEvent.tab();
    const toggle = screen.getByRole('button', { name: 'Show characters' });
    expect(document.activeElement).toBe(toggle);
    await userEvent.keyboard('{Enter}');
    expect(input.getAttribute('type')).toBe('text');
  });

  it('goes back to change the email', async () => {
    await renderApp('/login', loginServer());
    await enterEmail('ann@example.com');
    await userEvent.click(await screen.findByRole('button', { name: 'Change email' }));
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ann@example.com');
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });

  it('shows server field errors under their field', async () => {
    const { api } = await renderApp('/login', [
      on(AUTH, () => null),
      on(LOGIN, () => ({
        error: { code: 400, message: 'Please check the highlighted fields', fields: { target_user: 'Unknown domain' } },
      })),
    ]);
    await enterEmail('ann@example.com');
    expect(await screen.findByText('Unknown domain')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo(LOGIN)).toHaveLength(1);
  });

  it('goes to redirect_to after signing in', async () => {
    const { router } = await renderApp('/login?redirect_to=%2Ftopup', loginServer());
    await enterEmail('ann@example.com');
    await enterPassword('secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/topup'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Top up' })).toBeTruthy();
  });

  it("goes to the role's home without redirect_to", async () => {
    const { router } = await renderApp('/login', loginServer({ auth: authContext({ roles: ['support'], company_type: 'admin' }) }));
    await enterEmail('ann@example.com');
    await enterPassword('secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard_admin'));
  });

  it('sends a suspended company to /topup', async () => {
    const { router } = await renderApp('/login?redirect_to=%2Fdashboard', loginServer({ auth: authContext({ state: 'SUSPENDED' }) }));
    await enterEmail('ann@example.com');
    await enterPassword('secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/topup'));
    expect(await screen.findByText(/Your account is suspended/)).toBeTruthy();
  });

  it('shows /pending_delete when the account must be reactivated', async () => {
    const { router } = await renderApp('/login', loginServer({ type: 'reactivate_account', will_delete_at: 1_700_000_000 }));
    await enterEmail('ann@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pending_delete'));
    expect(router.state.location.search).toEqual({ will_delete_at: 1_700_000_000 });
    expect(await screen.findByRole('heading', { name: 'Account pending deletion' })).toBeTruthy();
  });
});
