import { modals } from '@mantine/modals';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from './providers';
import { createQueryClient } from './query-client';

let secondId = '';

function renderApp(onConfirm = () => {}) {
  const open = () => {
    modals.openConfirmModal({
      title: 'Delete the report?',
      children: 'The report is removed for everyone.',
      labels: { confirm: 'Delete report', cancel: 'Cancel' },
      onConfirm,
    });
    secondId = modals.open({ title: 'Second dialog', children: 'Opened right after the first.' });
  };
  return render(
    <Providers queryClient={createQueryClient()}>
      <button type="button" onClick={open}>
        Open
      </button>
    </Providers>,
  );
}

describe('the modal host', () => {
  it('renders no dialog manager until a dialog is opened', () => {
    renderApp();
    expect(document.querySelector('.mantine-Modal-root')).toBeNull();
  });

  it('loads on the first dialog and shows every dialog opened before it was ready', async () => {
    const onConfirm = vi.fn();
    renderApp(onConfirm);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    // Mantine shows the latest dialog; closing it uncovers the first, which was not lost either.
    expect(await screen.findByRole('dialog', { name: 'Second dialog' })).toBeTruthy();
    act(() => modals.close(secondId));
    expect(await screen.findByText('Delete the report?')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete report' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledOnce());
  });
});
