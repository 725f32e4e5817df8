import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ActionMenu, NO_ACTIONS } from './action-menu';

describe('ActionMenu', () => {
  it("says 'No actions available' when it has none to offer", async () => {
    renderWithProviders(<ActionMenu label="Actions for Rack" actions={[]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Rack' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([NO_ACTIONS]);
  });

  it('runs an action, and puts destructive ones last', async () => {
    const rename = vi.fn();
    renderWithProviders(
      <ActionMenu
        label="Actions for Rack"
        actions={[
          { label: 'Delete', danger: true, onClick: () => {} },
          { label: 'Rename', onClick: rename },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Rack' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Rename', 'Delete']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    expect(rename).toHaveBeenCalledOnce();
  });
});
