import { listDistributors } from '@portal/contract/companies/company-lookups';
import { screen, waitFor } from '@testing-library/react';
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
});
