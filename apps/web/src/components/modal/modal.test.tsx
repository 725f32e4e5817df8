import { Button, Modal as MantineModal } from '@mantine/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Modal } from './modal';

/** The app's way to show a dialog: mounted open on click, unmounted to close. */
function Page({ Dialog }: { Dialog: typeof Modal }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Close ticket</Button>
      {open ? (
        <Dialog opened onClose={() => setOpen(false)} title="Close ticket?" transitionProps={{ duration: 0 }}>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
        </Dialog>
      ) : null}
    </>
  );
}

async function openThenCancel() {
  const opener = screen.getByRole('button', { name: 'Close ticket' });
  opener.focus();
  fireEvent.click(opener);
  const cancel = await screen.findByRole('button', { name: 'Cancel' });
  cancel.focus();
  fireEvent.click(cancel);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  return opener;
}

describe('Modal', () => {
  it('gives focus back to what opened it when it is unmounted to close', async () => {
    renderWithProviders(<Page Dialog={Modal} />);
    const opener = await openThenCancel();
    expect(document.activeElement).toBe(opener);
  });

  it("is needed: Mantine's own Modal, mounted open, leaves focus on the body", async () => {
    renderWithProviders(<Page Dialog={MantineModal as typeof Modal} />);
    await openThenCancel();
    expect(document.activeElement).toBe(document.body);
  });
});
