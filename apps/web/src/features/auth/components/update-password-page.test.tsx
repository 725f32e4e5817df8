import { changePassword } from '@portal/contract/account/password';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { reauthenticate } from '@portal/contract/auth/sessions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { on } from '../../../test/fake-api';
import { reauthGate } from '../../../test/reauth';
import { renderApp } from '../../../test/render-app';

const CHANGE = changePassword;
const REAUTH = reauthenticate;
const TOO_WEAK = 'This password is too common or too easy to guess. Please choose another, such as a few unrelated words';

describe('Change password (signed in)', () => {
  it('asks the user to confirm it is them when the last check is too old, then changes the password', async () => {
    const gate = reauthGate();
    const { api } = await renderApp('/update_password', [
      on(getAuthContext, () => authContext()),
      on(CHANGE, () => gate.answer(null)),
      gate.route,
    ]);
    await userEvent.type(await screen.findByLabelText(/^New password/), 'fennel-lantern-cobalt-9');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'my-current-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect((await screen.findByRole('status')).textContent).toBe('Your password has been changed.');
    expect(api.callsTo(REAUTH).map((r) => r.body)).toEqual([{ target_password: 'my-current-password' }]);
    expect(api.callsTo(CHANGE).map((r) => r.body)).toEqual([
      { new_password: 'fennel-lantern-cobalt-9' },
      { new_password: 'fennel-lantern-cobalt-9' },
    ]);
  });

  it("shows the server's refusal of a weak password under the field", async () => {
    await renderApp('/update_password', [
      on(getAuthContext, () => authContext()),
      on(CHANGE, () => ({ error: { code: 400, message: 'Please check the highlighted fields', fields: { new_password: TOO_WEAK } } })),
    ]);
    await userEvent.type(await screen.findByLabelText(/^New password/), 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(TOO_WEAK)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
