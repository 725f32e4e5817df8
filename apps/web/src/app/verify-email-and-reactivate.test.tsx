import { resendVerificationEmail } from '@portal/contract/account/password';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { reactivateCompany } from '@portal/contract/companies/company-lifecycle';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authContext } from '../test/auth-fixtures';
import { renderApp } from '../test/render-app';
import { on } from '../test/fake-api';

const AUTH = getAuthContext;
const RESEND = resendVerificationEmail;
const REACTIVATE = reactivateCompany;

afterEach(() => {
  vi.useRealTimers();
});

describe('/verify_email', () => {
  it('success=1 thanks the user and goes to redirect_to after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = await renderApp('/verify_email?success=1&redirect_to=%2Ftopup', [on(AUTH, () => authContext())]);
    expect((await screen.findByRole('status')).textContent).toBe('Thanks for verifying your email.');
    expect(document.title).toBe('Verify email · Backup Portal');
    act(() => vi.advanceTimersByTime(2900));
    expect(router.state.location.pathname).toBe('/verify_email');
    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/topup'));
  });

  it('goes to /dashboard by default, and never to another site', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = await renderApp('/verify_email?success=1&redirect_to=%2F%2Fevil.example', [on(AUTH, () => authContext())]);
    await screen.findByText('Thanks for verifying your email.');
    act(() => vi.advanceTimersByTime(3000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('otherwise says the link is invalid, re-sends the mail when signed in, and redirects after 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, router } = await renderApp('/verify_email?success=0', [on(AUTH, () => authContext()), on(RESEND, () => null)]);
    expect((await screen.findByRole('alert')).textContent).toBe('This email verification link is invalid or has expired.');
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Verification email resent successfully.')).toBeTruthy();
    expect(api.callsTo(RESEND)).toHaveLength(1);

    act(() => vi.advanceTimersByTime(9000));
    expect(router.state.location.pathname).toBe('/verify_email');
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows why re-sending failed', async () => {
    await renderApp('/verify_email', [
      on(AUTH, () => authContext()),
      on(RESEND, () => ({ error: { code: 429, message: 'Please wait a minute before asking again' } })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Failed to send verification email: Please wait a minute before asking again')).toBeTruthy();
  });

  it("says 'Unknown error' when the failure carries no message", async () => {
    await renderApp('/verify_email', [on(AUTH, () => authContext()), on(RESEND, () => ({ error: { code: 400, message: '' } }))]);
    await userEvent.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Failed to send verification email: Unknown error')).toBeTruthy();
  });

  it('signed out, re-sending starts with the login', async () => {
    const { router } = await renderApp('/verify_email?success=0', [on(AUTH, () => null)]);
    await userEvent.click(await screen.findByRole('link', { name: 'Resend verification email' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect_to: '/verify_email?success=0' });
  });
});

describe('/pending_delete', () => {
  it('Reactivate reactivates the own company and goes to the dashboard', async () => {
    let state: 'PENDING_DELETE' | 'ACTIVE' = 'PENDING_DELETE';
    const { api, router } = await renderApp('/pending_delete?will_delete_at=1700000000', [
      on(AUTH, () => authContext({ state })),
      on(REACTIVATE, () => {
        state = 'ACTIVE';
        return null;
      }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo(REACTIVATE)[0]?.body).toEqual({});
  });

  it('offers Log out to the signed-in user and the login to anyone else', async () => {
    await renderApp('/pending_delete', [on(AUTH, () => authContext({ state: 'PENDING_DELETE' }))]);
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(document.title).toBe('Account pending deletion · Backup Portal');
    expect(screen.queryByRole('link', { name: 'Back to log in' })).toBeNull();
  });

  it('explains a failure, then goes to the dashboard', async () => {
    const { router } = await renderApp('/pending_delete', [
      on(AUTH, () => authContext({ state: 'PENDING_DELETE' })),
      on(REACTIVATE, () => ({ error: { code: 403, message: 'Please contact support to reactivate this account' } })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Reactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Please contact support to reactivate this account');
    expect(router.state.location.pathname).toBe('/pending_delete');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("says 'Unknown error' when the failure carries no message", async () => {
    await renderApp('/pending_delete', [
      on(AUTH, () => authContext({ state: 'PENDING_DELETE' })),
      on(REACTIVATE, () => ({ error: { code: 500, message: '' } })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Reactivate' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Unknown error');
  });
});
