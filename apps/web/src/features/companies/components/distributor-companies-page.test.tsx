import { distributorListCompanies } from '@portal/contract/companies/company-lookups';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { RowOf } from '../../../components/data-table/list-source';
import { fakeApi, on } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { DistributorCompaniesPage } from './distributor-companies-page';

// The page loads its dialogs on first use; load them once here so a test's first dialog is not slowed by the
// modules' first transform.
beforeAll(() => Promise.all([import('./company-dialog/company-dialog'), import('./new-company/new-company-dialog')]));

const LIST = distributorListCompanies;
const row: RowOf<typeof distributorListCompanies> = {
  id: 7,
  company_name: 'Southern Bakery',
  current_state: 'TRIAL',
  plan_id: 'Trial',
  trial_expires_at: '2026-12-01T00:00:00Z',
  trial_extension: 0,
  created_at: '2026-11-01T00:00:00Z',
  primary_email: 'trial@southern.example.com',
  custom_metadata_1: '',
  custom_metadata_2: '',
  custom_metadata_3: '',
};

describe('DistributorCompaniesPage', () => {
  it('lists sub-accounts 25 a page for the chosen restrict, with the trial count on the Trial tab', async () => {
    const api = fakeApi([on(LIST, () => ({ rows: [row], total: 1, trial_count: 4 }))]);
    const onRestrictChange = vi.fn();
    renderWithProviders(<DistributorCompaniesPage restrict="trial" onRestrictChange={onRestrictChange} currentEmail="d@example.com" />);
    expect(await screen.findByText('trial@southern.example.com')).toBeTruthy();
    expect(api.callsTo(LIST)[0]?.body).toMatchObject({ target_restrict: 'trial', page_size: 25 });
    expect(await screen.findByRole('tab', { name: 'Trial 4' })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'All' }));
    expect(onRestrictChange).toHaveBeenCalledWith('all');
  });
});
