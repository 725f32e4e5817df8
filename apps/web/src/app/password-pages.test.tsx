import { changePassword, forgotPassword, getBotChallenge, resetPassword } from '@portal/contract/account/password';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchBotChallengeResponse } from '../features/auth/api';
import { authContext } from '../test/auth-fixtures';
import { fakeApi, on } from '../test/fake-api';
import { renderApp } from '../test/render-app';

// The widget itself needs workers and Web Crypto; here it stays an inert element the tests drive by its events.
vi.mock('../features/auth/components/altcha-setup', () => ({}));

const AUTH = getAuthContext;
const FORGOT = forgotPassword;
const RESET = resetPassword;
const CHANGE = changePassword;
const CHALLENGE = getBotChallenge;
const SENT = 'If an account exists for that address, we have sent a link to reset its password. The link expires after 20 minutes.';

afterEach(() => {
  vi.useRealTimers();
});

async function botWidget(): Promise<HTMLElement> {
  const group = await screen.findByRole('group', { name: 'Bot check' });
  const widget = await waitFor(() => {
    const element = group.querySelector('altcha-widget');
    if (!(element instanceof HTMLElement)) throw new Error('no widget yet');
    return element;
  });
  return widget;
}

function solve(widget: HTMLElement, payload: string) {
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
  });
}

describe('/forgot_password', () => {
  it('checks the email and the bot check before sending anything', async () => {
    const { api } = await renderApp('/forgot_password', [on(AUTH, () => null), on(FORGOT, () => null)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeTruthy();
    expect(document.title).toBe('Forgot password · Backup Portal');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Please complete the bot check')).toBeTruthy();
    expect(api.callsTo(FORGOT)).toHaveLength(0);
  });

  it('sends the email with the solved challenge and answers neutrally', async () => {
    const { api } = await renderApp('/forgot_password', [on(AUTH, () => null), on(FORGOT, () => null)]);
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ann@example.com');
    const widget = await botWidget();
    expect(widget.getAttribute('challenge')).toBe(CHALLENGE.path);
    solve(widget, 'solved-payload');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toContain(SENT);
    expect(api.callsTo(FORGOT)[0]?.body).toEqual({ target_user: 'ann@example.com', recaptcha: 'solved-payload' });
    expect(screen.queryByLabelText(/^Email/)).toBeNull();
  });

  it('forgets a challenge that expired', async () => {
    const { api } = await renderApp('/forgot_password', [on(AUTH, () => null), on(FORGOT, () => null)]);
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ann@example.com');
    const widget = await botWidget();
    solve(widget, 'solved-payload');
    act(() => {
      widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'expired', payload: null } }));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please complete the bot check')).toBeTruthy();
    expect(api.callsTo(FORGOT)).toHaveLength(0);
  });

  it('shows a refused check under the widget and offers a fresh one', async () => {
    const { api } = await renderApp('/forgot_password', [
      on(AUTH, () => null),
      on(FORGOT, () => ({
        error: { code: 400, message: 'Please check the highlighted fields', fields: { recaptcha: 'The bot check failed' } },
      })),
    ]);
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ann@example.com');
    const first = await botWidget();
    solve(first, 'stale-payload');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const group = await screen.findByRole('group', { name: 'Bot check' });
    expect(await within(group).findByText('The bot check failed')).toBeTruthy();
    const second = await botWidget();
    expect(second).not.toBe(first);

    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please complete the bot check')).toBeTruthy();
    expect(api.callsTo(FORGOT)).toHaveLength(1);
  });

  it('shows a rate-limited answer as an alert', async () => {
    await renderApp('/forgot_password', [
      on(AUTH, () => null),
      on(FORGOT, () => ({ error: { code: 429, message: 'Too many requests, please try again later' } })),
    ]);
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ann@example.com');
    solve(await botWidget(), 'payload');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Too many requests, please try again later');
  });

  it('offers the recovery passphrase instead', async () => {
    const { router } = await renderApp('/forgot_password', [on(AUTH, () => null)]);
    await userEvent.click(await screen.findByRole('link', { name: 'Sign in with your recovery passphrase instead' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ method: 'recovery_passphrase' });
  });

  it('hands the widget the contract call answer as its challenge', async () => {
    const challenge = { algorithm: 'SHA-256', challenge: 'c', maxnumber: 100, salt: 's', signature: 'x' };
    const api = fakeApi([on(CHALLENGE, () => challenge)]);
    const response = await fetchBotChallengeResponse();
    expect(await response.json()).toEqual(challenge);
    expect(api.callsTo(CHALLENGE)).toHaveLength(1);
  });
});

describe('/update_password', () => {
  it('signed in: Change password, checks the length, then changes it and goes home after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, router } = await renderApp('/update_password', [on(AUTH, () => authContext()), on(CHANGE, () => null)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Change password' })).toBeTruthy();
    expect(document.title).toBe('Change password · Backup Portal');
    const input = screen.getByLabelText(/^New password/);
    expect(document.activeElement).toBe(input);

    await userEvent.type(input, 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Please enter at least 8 characters')).toBeTruthy();
    expect(api.callsTo(CHANGE)).toHaveLength(0);

    await userEvent.type(input, '-but-long-now');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your password has been changed.');
    expect(api.callsTo(CHANGE)[0]?.body).toEqual({ new_password: 'short-but-long-now' });
    expect(router.state.location.pathname).toBe('/update_password');
    act(() => vi.advanceTimersByTime(3000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('signed out with a token: Reset password, then to /login after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, router } = await renderApp('/update_password?t=reset-token', [on(AUTH, () => null), on(RESET, () => null)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset password' })).toBeTruthy();
    expect(document.title).toBe('Reset password · Backup Portal');
    expect(screen.getByText('Strength: Too short.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^New password/), 'a-new-password');
    expect(screen.getByText('Strength: Weak.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your password has been changed.');
    expect(api.callsTo(RESET)[0]?.body).toEqual({ email_token: 'reset-token', new_password: 'a-new-password' });
    act(() => vi.advanceTimersByTime(3000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows a server field error under the field', async () => {
    await renderApp('/update_password?t=reset-token', [
      on(AUTH, () => null),
      on(RESET, () => ({ error: { code: 400, message: 'Please check the highlighted fields', fields: { new_password: 'Too common' } } })),
    ]);
    await userEvent.type(await screen.findByLabelText(/^New password/), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Too common')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset password' })).toBeTruthy();
  });

  it('without a session or token: the invalid-link message with the way to a new link', async () => {
    const { router } = await renderApp('/update_password', [on(AUTH, () => null)]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This password reset link is invalid or has expired. Reset links expire after 20 minutes.',
    );
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Request a new reset link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot_password'));
  });

  it('shows the invalid-link message when the server refuses the token', async () => {
    await renderApp('/update_password?t=used-token', [
      on(AUTH, () => null),
      on(RESET, () => ({ error: { code: 400, message: 'This link is invalid or has expired' } })),
    ]);
    await userEvent.type(await screen.findByLabelText(/^New password/), 'a-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Reset links expire after 20 minutes.');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });
});
