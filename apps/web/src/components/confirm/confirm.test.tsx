import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ConfirmDeleteButton } from './confirm-delete-button';
import { confirmTyped } from './confirm-typed';
import { confirmYesNo } from './confirm-yes-no';
import { showInformation } from './show-information';

function open<T>(prompt: () => Promise<T>): Promise<T> {
  renderWithProviders(<div />);
  let pending: Promise<T> | undefined;
  act(() => {
    pending = prompt();
  });
  if (!pending) throw new Error('prompt did not open');
  return pending;
}

describe('confirmYesNo', () => {
  it('resolves true on Yes', async () => {
    const answer = open(() => confirmYesNo({ title: 'Delete user', message: 'Are you sure?' }));
    expect(await screen.findByText('Are you sure?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false on No', async () => {
    const answer = open(() => confirmYesNo({ title: 'Delete user', message: 'Are you sure?' }));
    await userEvent.click(await screen.findByRole('button', { name: 'No' }));
    await expect(answer).resolves.toBe(false);
  });

  it('resolves false when the dialog is dismissed with Escape', async () => {
    const answer = open(() => confirmYesNo({ title: 'Delete user', message: 'Are you sure?' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
  });
});

describe('confirmTyped', () => {
  it('keeps OK disabled until the placeholder is typed exactly, default CONFIRM', async () => {
    const answer = open(() => confirmTyped({ title: 'Enable storage', message: 'This starts billing.' }));
    const input = await screen.findByLabelText('Type CONFIRM to confirm');
    expect(input.getAttribute('placeholder')).toBe('CONFIRM');
    const ok = screen.getByRole('button', { name: 'OK' });
    expect(ok).toHaveProperty('disabled', true);

    await userEvent.type(input, 'confirm');
    expect(ok).toHaveProperty('disabled', true);
    await userEvent.clear(input);
    await userEvent.type(input, 'CONFIRM ');
    expect(ok).toHaveProperty('disabled', true);
    await userEvent.type(input, '{Backspace}');
    expect(ok).toHaveProperty('disabled', false);

    await userEvent.click(ok);
    await expect(answer).resolves.toBe(true);
  });

  it('uses a custom placeholder such as a company name', async () => {
    const answer = open(() => confirmTyped({ title: 'Delete', message: 'Gone for good.', placeholder: 'Acme Ltd' }));
    const input = await screen.findByPlaceholderText('Acme Ltd');
    await userEvent.type(input, 'Acme Ltd{Enter}');
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false on Cancel', async () => {
    const answer = open(() => confirmTyped({ title: 'Delete', message: 'Gone for good.' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });
});

describe('showInformation', () => {
  it('shows the message and resolves when OK is pressed', async () => {
    let resolved = false;
    const done = open(() => showInformation({ title: 'Guarantee', message: 'Refunds within 30 days.' })).then(() => {
      resolved = true;
    });
    expect(await screen.findByText('Refunds within 30 days.')).toBeTruthy();
    expect(resolved).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await done;
    expect(resolved).toBe(true);
  });
});

describe('ConfirmDeleteButton', () => {
  it('deletes only after the confirmation says Delete', async () => {
    const deleted: string[] = [];
    renderWithProviders(
      <ConfirmDeleteButton
        name="Gold"
        title="Delete Gold?"
        message="Customers can no longer buy it."
        loading={false}
        onConfirmed={() => deleted.push('Gold')}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete Gold' }));
    expect(await screen.findByText('Customers can no longer buy it.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Gold' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(deleted).toEqual(['Gold']);
  });
});
