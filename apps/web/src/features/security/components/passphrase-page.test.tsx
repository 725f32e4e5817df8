import { getAuthContext } from '@portal/contract/auth/auth-context';
import { getOrCreatePassphrase } from '@portal/contract/security/passphrase';
import { getTwoFactor } from '@portal/contract/security/two-factor';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import type { TwoFactorStatus } from '../api';
import { type FakeHandler, type FakeRoute, on } from '../../../test/fake-api';
import { reauthGate } from '../../../test/reauth';
import { renderApp } from '../../../test/render-app';
import { COPIED_MS } from './passphrase-page';
import { PASSPHRASE_FILE_NAME } from './passphrase-download';

const AUTH = getAuthContext;
const MFA = getTwoFactor;
const PASSPHRASE = getOrCreatePassphrase;

const WORDS = 'apple banana cherry delta echo foxtrot golf hotel india juliet kilo lima mango nectar oscar papa quince romeo sierra tango';
const CREATED = { passphrase_raw: WORDS, passphrase_hint: 'apple … tango', created_at: '2026-01-15T00:00:00Z' };
const EXISTING = { passphrase_raw: null, passphrase_hint: 'apple … tango', created_at: '2026-01-15T00:00:00Z' };
const NO_TWO_FACTOR: TwoFactorStatus = { method: 'none', enabled_at: null, webauthn_devices: [] };

function open(passphrase: FakeHandler<typeof getOrCreatePassphrase>, extra: readonly FakeRoute[] = []) {
  return renderApp('/passphrase', [on(AUTH, () => authContext()), on(MFA, () => NO_TWO_FACTOR), on(PASSPHRASE, passphrase), ...extra]);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('/passphrase', () => {
  it('shows a newly created passphrase once, asking for it without regenerate', async () => {
    const { api } = await open(() => CREATED);
    expect(await screen.findByText(WORDS)).toBeTruthy();
    expect(screen.getByText('Your new recovery passphrase')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Recovery passphrase' })).toBeTruthy();
    expect(document.title).toBe('Recovery passphrase · Backup Portal');
    expect(api.callsTo(PASSPHRASE).map((request) => request.body)).toEqual([{ regenerate: false }]);
  });

  it("copies it to the clipboard with a 'Copied' tooltip for two seconds", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await open(() => CREATED);
    const copy = await screen.findByRole('button', { name: 'Copy' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(copy);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(WORDS));
    expect(await screen.findByText('Copied')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(COPIED_MS + 500);
    });
    await waitFor(() => expect(screen.queryByText('Copied')).toBeNull());
  });

  it('downloads it as a text file', async () => {
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:passphrase';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await open(() => CREATED);
    await userEvent.click(await screen.findByRole('button', { name: 'Download' }));
    expect(clicked[0]?.download).toBe(PASSPHRASE_FILE_NAME);
    expect(await saved?.text()).toBe(`${WORDS}\n`);
    expect(saved?.type).toBe('text/plain');
  });

  it('shows the creation date in Pacific/Auckland and the hint for an existing one', async () => {
    await open(() => EXISTING);
    expect(await screen.findByText('Created: 2026-01-15 13:00')).toBeTruthy();
    expect(screen.getByText('Hint: apple … tango')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });

  it('regenerates after confirmation and a password check, showing the new one', async () => {
    const gate = reauthGate();
    const { api } = await open((body) => (body.regenerate ? gate.answer(CREATED) : EXISTING), [gate.route]);
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    const question = await screen.findByRole('dialog', { name: 'Regenerate passphrase' });
    await userEvent.click(within(question).getByRole('button', { name: 'Regenerate' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(WORDS)).toBeTruthy();
    expect(api.callsTo(PASSPHRASE).map((request) => request.body)).toEqual([
      { regenerate: false },
      { regenerate: true },
      { regenerate: true },
    ]);
  });

  it("shows 'Error' when the passphrase cannot be fetched", async () => {
    await open(() => ({ error: { code: 403, message: 'You do not have permission to do that' } }));
    expect((await screen.findByRole('alert')).textContent).toContain('Error');
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
  });
});
