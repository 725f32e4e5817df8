import { listDistributors } from '@portal/contract/companies/company-lookups';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, on } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { NewCompanyDialog } from './new-company-dialog';
import { NEW_COMPANY_DEFAULTS, newCompanyRequest, withCompanyType } from './new-company-form';

describe('new company form', () => {
  it('drops the distributor when the type is not customer', () => {
    const chosen = { ...NEW_COMPANY_DEFAULTS, distributor_id: '2' };
    expect(withCompanyType(chosen, 'distributor').distributor_id).toBeNull();
    expect(withCompanyType(chosen, 'customer').distributor_id).toBe('2');
  });

  it('sends the plan and notes for a distributor, and defaults the country to NZ', () => {
    expect(newCompanyRequest('distributor', { ...NEW_COMPANY_DEFAULTS, company_name: 'A', notes: 'n' })).toEqual({
      viewer: 'distributor',
      input: {
        target_company_name: 'A',
        target_country_code: 'NZ',
        target_contact_name: '',
        target_email: '',
        target_password: '',
        target_plan_id: 'Trial',
        target_company_notes: 'n',
      },
    });
  });
});

describe('NewCompanyDialog', () => {
  it('enables the distributor select only for customers', async () => {
    fakeApi([on(listDistributors, () => [{ id: 2, company_name: 'Southern Backup Partners' }])]);
    renderWithProviders(<NewCompanyDialog viewer="admin" onClose={vi.fn()} />);
    const distributor = screen.getByLabelText('Distributor', { selector: 'input' });
    expect(distributor).toHaveProperty('disabled', false);
    await userEvent.click(screen.getByLabelText('Company type', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'distributor' }));
    await waitFor(() => expect(distributor).toHaveProperty('disabled', true));
  });

  it('closes at once when nothing was typed', async () => {
    fakeApi([on(listDistributors, () => [])]);
    const onClose = vi.fn();
    renderWithProviders(<NewCompanyDialog viewer="admin" onClose={onClose} />);
    await screen.findByRole('dialog', { name: 'New company' });
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Discard unsaved changes?')).toBeNull();
  });

  it('asks before Escape, the close button, a click outside or Cancel throws typed details away', async () => {
    fakeApi([on(listDistributors, () => [])]);
    const onClose = vi.fn();
    renderWithProviders(<NewCompanyDialog viewer="distributor" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'New sub-account' });
    await userEvent.type(within(dialog).getByLabelText(/^Company name/), 'Harbour Dental');

    const closes = [
      () => userEvent.keyboard('{Escape}'),
      () => userEvent.click(within(dialog).getByRole('button', { name: 'Close' })),
      () => userEvent.click(document.querySelector('.mantine-Modal-overlay') as HTMLElement),
      () => userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })),
    ];
    for (const close of closes) {
      await close();
      const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
      expect(ask.textContent).toContain("the new sub-account's details");
      await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull());
    }
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText(/^Company name/)).toHaveProperty('value', 'Harbour Dental');

    await userEvent.keyboard('{Escape}');
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Discard changes' }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
