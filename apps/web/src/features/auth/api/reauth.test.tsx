import { reauthenticate } from '@portal/contract/auth/sessions';
import { getTwoFactor } from '@portal/contract/security/two-factor';
import { REAUTH_REQUIRED } from '@portal/contract/shared/security';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { type FakeHandler, fakeApi, on } from '../../../test/fake-api';
import { reauthGate } from '../../../test/reauth';
import { renderWithProviders } from '../../../test/render';
import type { ReauthOptions } from '../components/reauth/reauth-dialog';
import { isReauthRequired, withReauth } from './reauth';

// withReauth loads the dialog on first use; load it once here so the first test's prompt is not slowed by
// the module's first transform.
beforeAll(() => import('../components/reauth/reauth-dialog'));

const MFA = getTwoFactor;
const REAUTH = reauthenticate;
const STATUS = { method: 'none' as const, enabled_at: null, webauthn_devices: [] };
/** A risky call that is refused until the user has confirmed who they are. */
function riskyServer(reauth?: FakeHandler<typeof reauthenticate>) {
  const gate = reauthGate(reauth);
  return fakeApi([on(MFA, () => gate.answer(STATUS)), gate.route]);
}

function run(options?: ReauthOptions) {
  renderWithProviders(<div />);
  let pending: Promise<unknown> | undefined;
  act(() => {
    pending = withReauth(() => call(getTwoFactor, {}), options);
  });
  if (!pending) throw new Error('not started');
  return pending;
}

describe('isReauthRequired', () => {
  it('recognises only the flagged 403', () => {
    expect(isReauthRequired(new ApiError(403, REAUTH_REQUIRED.message, {}, { reauth_required: true }))).toBe(true);
    expect(isReauthRequired(new ApiError(403, 'You do not have permission to do that'))).toBe(false);
    expect(isReauthRequired(new Error('x'))).toBe(false);
  });
});

describe('withReauth', () => {
  it('returns the result when no check is needed, without a prompt', async () => {
    const api = fakeApi([on(MFA, () => STATUS)]);
    await expect(run()).resolves.toEqual(STATUS);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo(REAUTH)).toHaveLength(0);
  });

  it('passes other errors through', async () => {
    fakeApi([on(MFA, () => ({ error: { code: 500, message: 'Internal Error' } }))]);
    await expect(run()).rejects.toMatchObject({ code: 500 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for the password, confirms it, then retries the call once', async () => {
    const api = riskyServer();
    const result = run();
    const password = await screen.findByLabelText('Password');
    expect(screen.getByText(REAUTH_REQUIRED.message)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Please enter a password')).toBeTruthy();
    await userEvent.type(password, 'hunter22');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(result).resolves.toEqual(STATUS);
    expect(api.callsTo(REAUTH).map((request) => request.body)).toEqual([{ target_password: 'hunter22' }]);
    expect(api.callsTo(MFA)).toHaveLength(2);
  });

  it('keeps the prompt open with the error after a wrong password, which is cleared', async () => {
    const api = riskyServer((body) =>
      body.target_password === 'right-one'
        ? { reauthenticated_at: '2026-01-01T00:00:00Z' }
        : { error: { code: 401, message: 'The password is not correct', fields: { target_password: 'The password is not correct' } } },
    );
    const result = run();
    await userEvent.type(await screen.findByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The password is not correct')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toHaveProperty('value', '');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'right-one');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(result).resolves.toEqual(STATUS);
    expect(api.callsTo(REAUTH)).toHaveLength(2);
  });

  it('asks an authenticator user for a 6-digit code', async () => {
    const api = riskyServer();
    const result = run({ method: 'totp' });
    const code = await screen.findByLabelText('Code from your authenticator app');
    await userEvent.type(code, '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Please enter a 6-digit code')).toBeTruthy();
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(result).resolves.toEqual(STATUS);
    expect(api.callsTo(REAUTH)[0]?.body).toEqual({ target_totp_code: '123456' });
  });

  it('rejects with the original refusal when the prompt is cancelled', async () => {
    const api = riskyServer();
    const outcome = run().catch((error: unknown) => error);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await outcome).toMatchObject({ code: 403, message: REAUTH_REQUIRED.message });
    expect(api.callsTo(MFA)).toHaveLength(1);
  });
});
