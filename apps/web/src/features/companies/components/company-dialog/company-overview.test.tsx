import { adminPatchCompany } from '@portal/contract/companies/company-patch';
import { notifications } from '@mantine/notifications';
import { convertToPaid } from '@portal/contract/companies/company-lifecycle';
import { DEFAULT_PAID_PLAN } from '@portal/contract/shared/plans';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { limitsOf } from '../../../../components/form/use-contract-form';
import { fakeApi, on } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { companyDetail } from './company-detail.fixture';
import { CompanyDetailsSection } from './company-details-section';
import { formValuesOf } from './company-form';
import { CompanyOverview } from './company-overview';

afterEach(() => act(() => notifications.clean()));

describe('CompanyOverview', () => {
  it('disables the whole form for a deleted company', () => {
    fakeApi([]);
    renderWithProviders(<CompanyOverview company={companyDetail({ current_state: 'DELETED' })} viewer="distributor" />);
    expect(screen.getByLabelText('City').closest('fieldset:disabled')).not.toBeNull();
  });

  it('labels the postal code as the spec does, so a US user knows it is the zip code', () => {
    fakeApi([]);
    renderWithProviders(<CompanyOverview company={companyDetail({ postal_code: '94105' })} viewer="distributor" />);
    expect((screen.getByLabelText('Zip or postal code') as HTMLInputElement).value).toBe('94105');
  });

  it('offers extending a trial by at most what is left of the 30 days', () => {
    fakeApi([]);
    renderWithProviders(<CompanyOverview company={companyDetail({ trial_extension: 25 })} viewer="distributor" />);
    expect(screen.getByLabelText('Extend by (days, at most 5)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Convert to paid' })).toBeTruthy();
  });

  it('says what Convert to paid does, with the plan, before it converts, and confirms it did', async () => {
    const api = fakeApi([on(convertToPaid, () => null)]);
    renderWithProviders(<CompanyOverview company={companyDetail({ plan_user_selected_id: 'Growth' })} viewer="distributor" />);
    await userEvent.click(screen.getByRole('button', { name: 'Convert to paid' }));
    const ask = await screen.findByRole('dialog', { name: 'Convert to paid — this cannot be undone' });
    expect(ask.textContent).toContain('Southern Bakery leaves its trial and becomes a paid account on the Growth plan.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Convert to paid on Growth' }));
    await waitFor(() => expect(api.callsTo(convertToPaid)[0]?.body).toEqual({ target_id: 7 }));
    expect(await screen.findAllByText('Southern Bakery converted to paid on Growth')).not.toHaveLength(0);
  });

  it('names the default paid plan when none was chosen during the trial', async () => {
    fakeApi([]);
    renderWithProviders(<CompanyOverview company={companyDetail()} viewer="distributor" />);
    await userEvent.click(screen.getByRole('button', { name: 'Convert to paid' }));
    expect(await screen.findByRole('button', { name: `Convert to paid on ${DEFAULT_PAID_PLAN}` })).toBeTruthy();
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
