import { adminPatchCompany } from '@portal/contract/companies/company-patch';
import { distributorPatchCompany } from '@portal/contract/companies/company-patch';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { limitsOf } from '../../../../components/form/use-contract-form';
import { fakeApi, on } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { companyDetail } from './company-detail.fixture';
import { CompanyDetailsSection } from './company-details-section';
import { formValuesOf } from './company-form';
import { CompanyOverview } from './company-overview';

const PATCH = distributorPatchCompany;

describe('CompanyOverview', () => {
  it('enables Save only once something changed, and sends the change', async () => {
    const api = fakeApi([on(PATCH, () => null)]);
    renderWithProviders(<CompanyOverview company={companyDetail()} viewer="distributor" />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    await userEvent.clear(screen.getByLabelText('City'));
    await userEvent.type(screen.getByLabelText('City'), 'Perth');
    expect(save).toHaveProperty('disabled', false);
    await userEvent.click(save);
    await waitFor(() => expect(api.callsTo(PATCH)[0]?.body).toEqual({ target_id: 7, city: 'Perth' }));
  });

  it('shows a field error from the server under its field', async () => {
    fakeApi([on(PATCH, () => ({ error: { code: 400, message: 'Invalid input', fields: { city: 'Too long' } } }))]);
    renderWithProviders(<CompanyOverview company={companyDetail()} viewer="distributor" />);
    await userEvent.type(screen.getByLabelText('City'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too long')).toBeTruthy();
  });

  it('disables the whole form for a deleted company', () => {
    fakeApi([]);
    renderWithProviders(<CompanyOverview company={companyDetail({ current_state: 'DELETED' })} viewer="distributor" />);
    expect(screen.getByLabelText('City').closest('fieldset:disabled')).not.toBeNull();
  });

  it('offers extending a trial by at most what is left of the 30 days', () => {
    fakeApi([]);
    renderWithProviders(<CompanyOverview company={companyDetail({ trial_extension: 25 })} viewer="distributor" />);
    expect(screen.getByLabelText('Extend by (days, at most 5)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Convert To Paid' })).toBeTruthy();
  });
});

describe('CompanyDetailsSection', () => {
  const render = (distributor: ReturnType<typeof companyDetail>['distributor']) => {
    const company = companyDetail({ distributor });
    renderWithProviders(
      <CompanyDetailsSection
        company={company}
        values={formValuesOf(company)}
        set={() => {}}
        errors={{}}
        limits={limitsOf(adminPatchCompany)}
        isAdmin
      />,
    );
    return screen.getByLabelText('Notes');
  };

  it('disables notes for a sub-account', () => {
    expect(render({ id: 2, company_name: 'Southern Backup Partners' })).toHaveProperty('disabled', true);
  });

  it('lets an admin edit the notes of a company without a distributor', () => {
    expect(render(null)).toHaveProperty('disabled', false);
  });
});
