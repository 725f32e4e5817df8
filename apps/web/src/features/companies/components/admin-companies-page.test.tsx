import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { adminDescribeCompany } from '@portal/contract/companies/company-describe';
import { listDistributors } from '@portal/contract/companies/company-lookups';
import type { AdminCompanyRow } from '@portal/contract/companies/admin-company-list';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, on } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import type { AdminCompanyRestrict } from '../company-tabs';
import { companyDetail } from './company-dialog/company-detail.fixture';
import { AdminCompaniesPage } from './admin-companies-page';

// The page loads its dialogs on first use; load them once here so a test's first dialog is not slowed by the
// modules' first transform.
beforeAll(() => Promise.all([import('./company-dialog/company-dialog'), import('./new-company/new-company-dialog')]));

const LIST = adminCompanyList;

const acme: AdminCompanyRow = {
  id: 42,
  company_name: 'Acme Backups',
  company_type: 'customer',
  country: 'NZ',
  phone_number: '',
  current_state: 'TRIAL',
  current_state_applied_at: '2024-01-01T00:00:00Z',
  created_at: '2024-01-15T11:30:00Z',
  distributor: { id: 3, company_name: 'Resell Co' },
  users: [
    { email: 'ops@acme.example', contact_name: 'Ops', is_primary_contact: false },
    { email: 'owner@acme.example', contact_name: 'Owner', is_primary_contact: true },
  ],
  is_vip: false,
  is_partner_company: false,
  is_internal_comet_company: false,
};

const counts = { TRIAL: 3, ACTIVE: 10, SUSPENDED: 2, PENDING_DELETE: 1, DELETED: 4, MIGRATED: 5 };

describe('AdminCompaniesPage', () => {
  it('lists companies with the primary contact, distributor and Auckland creation date', async () => {
    const api = fakeApi([on(LIST, () => ({ rows: [acme], total: 1, count_in_state: counts }))]);
    renderWithProviders(<AdminCompaniesPage restrict={undefined} onRestrictChange={vi.fn()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Companies' })).toBeTruthy();
    const row = (await screen.findByText('Acme Backups')).closest('tr') as HTMLElement;
    expect(within(row).getByText('owner@acme.example')).toBeTruthy();
    expect(within(row).getByText('Resell Co')).toBeTruthy();
    expect(within(row).getByText('2024-01-16')).toBeTruthy();
    expect(api.callsTo(LIST)[0]?.body).toEqual({
      target_company_states: ['TRIAL', 'ACTIVE', 'SUSPENDED'],
      page: 1,
      page_size: 50,
      target_search_query: '',
      target_order: 'company_name',
      target_order_direction: 'asc',
    });
  });

  it('labels each tab with its count and selects the tab from restrict', async () => {
    const api = fakeApi([on(LIST, () => ({ rows: [], total: 0, count_in_state: counts }))]);
    const onRestrictChange = vi.fn();
    renderWithProviders(<AdminCompaniesPage restrict="deleted" onRestrictChange={onRestrictChange} />);
    expect(await screen.findByRole('tab', { name: 'Deleted (9)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Deleted (9)' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Current (15)' })).toBeTruthy();
    expect(api.callsTo(LIST)[0]?.body).toMatchObject({ target_company_states: ['DELETED', 'MIGRATED'] });

    await userEvent.click(screen.getByRole('tab', { name: 'Pending delete (1)' }));
    expect(onRestrictChange).toHaveBeenCalledWith('pending-delete');
    await userEvent.click(screen.getByRole('tab', { name: 'Current (15)' }));
    expect(onRestrictChange).toHaveBeenLastCalledWith(undefined);
  });

  it('asks for the states of the newly selected tab', async () => {
    const api = fakeApi([on(LIST, () => ({ rows: [], total: 0, count_in_state: counts }))]);
    const view = renderWithProviders(<AdminCompaniesPage restrict={undefined} onRestrictChange={vi.fn()} />);
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(1));
    const suspended: AdminCompanyRestrict = 'suspended';
    view.rerender(<AdminCompaniesPage restrict={suspended} onRestrictChange={vi.fn()} />);
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.body).toMatchObject({ target_company_states: ['SUSPENDED'], page: 1 }));
  });

  it('sorts by the primary contact email with the contract order value', async () => {
    const api = fakeApi([on(LIST, () => ({ rows: [acme], total: 1, count_in_state: counts }))]);
    renderWithProviders(<AdminCompaniesPage restrict={undefined} onRestrictChange={vi.fn()} />);
    await screen.findByText('Acme Backups');
    await userEvent.click(screen.getByRole('button', { name: /^Email/ }));
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.body).toMatchObject({ target_order: 'email', target_order_direction: 'asc' }));
  });

  it('puts focus back on the company that opened the drawer when it closes', async () => {
    fakeApi([
      on(LIST, () => ({ rows: [acme], total: 1, count_in_state: counts })),
      on(adminDescribeCompany, () => companyDetail({ id: 42 })),
    ]);
    renderWithProviders(<AdminCompaniesPage restrict={undefined} onRestrictChange={vi.fn()} canEdit />);
    const opener = await screen.findByRole('button', { name: 'Acme Backups' });
    await userEvent.click(opener);
    // The drawer's module loads on first use.
    await screen.findByRole('dialog', { name: 'Southern Bakery' });
    await screen.findByLabelText('City');
    expect(document.activeElement).not.toBe(opener);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('puts focus back on New company when the new-company dialog closes', async () => {
    fakeApi([on(LIST, () => ({ rows: [acme], total: 1, count_in_state: counts })), on(listDistributors, () => [])]);
    renderWithProviders(<AdminCompaniesPage restrict={undefined} onRestrictChange={vi.fn()} canEdit />);
    const opener = screen.getByRole('button', { name: 'New company' });
    await userEvent.click(opener);
    await screen.findByRole('dialog', { name: 'New company' });
    expect(document.activeElement).not.toBe(opener);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('says what to do next when a tab has no companies', async () => {
    fakeApi([on(LIST, () => ({ rows: [], total: 0, count_in_state: counts }))]);
    renderWithProviders(<AdminCompaniesPage restrict="suspended" onRestrictChange={vi.fn()} canEdit />);
    expect(await screen.findByText('No results found with that filter!')).toBeTruthy();
    expect(screen.getByText('No company is suspended right now. The other tabs list the rest.')).toBeTruthy();
  });

  it('has a page header with the page title and the New company action', async () => {
    fakeApi([on(LIST, () => ({ rows: [], total: 0, count_in_state: counts }))]);
    renderWithProviders(<AdminCompaniesPage restrict={undefined} onRestrictChange={vi.fn()} canEdit />);
    expect(screen.getByRole('heading', { level: 1, name: 'Companies' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New company' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Companies · Backup Portal'));
  });
});
