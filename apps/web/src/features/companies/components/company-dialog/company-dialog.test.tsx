import { adminDescribeCompany, distributorDescribeCompany } from '@portal/contract/companies/company-describe';
import { listSales } from '@portal/contract/companies/company-lookups';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, on } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { companyDetail } from './company-detail.fixture';
import { CompanyDialog } from './company-dialog';

describe('CompanyDialog', () => {
  it('shows a distributor only Overview and Manage Users, with the Sub-Account badge', async () => {
    const api = fakeApi([on(distributorDescribeCompany, () => companyDetail({ is_vip: true }))]);
    renderWithProviders(<CompanyDialog companyId={7} viewer="distributor" currentEmail="d@example.com" onClose={vi.fn()} />);
    expect(await screen.findByRole('tab', { name: 'Overview' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Manage Users']);
    expect(screen.getByText('Sub-Account')).toBeTruthy();
    expect(screen.getByText('VIP')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete permanently' })).toBeNull();
    expect(api.callsTo(distributorDescribeCompany)[0]?.body).toEqual({ target_id: 7 });
  });

  it('shows support staff the company without History or any action', async () => {
    fakeApi([
      on(adminDescribeCompany, () => companyDetail({ company_type: 'distributor', distributor: null, distributor_id: null })),
      on(listSales, () => []),
    ]);
    renderWithProviders(<CompanyDialog companyId={7} viewer="admin" viewOnly currentEmail="s@example.com" onClose={vi.fn()} />);
    expect(await screen.findByRole('tab', { name: 'Overview' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Manage Users']);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByLabelText('City').closest('fieldset:disabled')).not.toBeNull();
  });
});
