import { notifications } from '@mantine/notifications';
import { adminDescribeCompany, distributorDescribeCompany } from '@portal/contract/companies/company-describe';
import { listSales } from '@portal/contract/companies/company-lookups';
import { distributorRegionList, getDistributorSettings, listRegions } from '@portal/contract/companies/distributor-settings';
import { distributorPatchCompany } from '@portal/contract/companies/company-patch';
import { getDistributorCommission, setDistributorCommission } from '@portal/contract/reports/distributor-usage';
import { listCompanyUsers } from '@portal/contract/users/company-users';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, on } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { companyDetail } from './company-detail.fixture';
import { CompanyDialog } from './company-dialog';

afterEach(() => act(() => notifications.clean()));

function renderDialog(onClose = vi.fn()) {
  renderWithProviders(<CompanyDialog companyId={7} viewer="distributor" currentEmail="d@example.com" onClose={onClose} />);
  return onClose;
}

const drawer = () => screen.findByRole('dialog', { name: 'Southern Bakery' });

async function editCity(text: string) {
  const city = await screen.findByLabelText('City');
  await userEvent.clear(city);
  await userEvent.type(city, text);
}

describe('CompanyDialog', () => {
  it('shows a distributor only Overview and Manage users, with the Sub-Account badge', async () => {
    const api = fakeApi([on(distributorDescribeCompany, () => companyDetail({ is_vip: true }))]);
    renderWithProviders(<CompanyDialog companyId={7} viewer="distributor" currentEmail="d@example.com" onClose={vi.fn()} />);
    expect(await screen.findByRole('tab', { name: 'Overview' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Manage users']);
    // Its tabs wrap beside the page rather than hide the last ones past the drawer's edge (theme.css).
    expect(screen.getByRole('tablist', { name: 'Company sections' }).classList.contains('app-tabs-wrap')).toBe(true);
    expect(screen.getByText('Sub-Account')).toBeTruthy();
    expect(screen.getByText('VIP')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete permanently' })).toBeNull();
    expect(api.callsTo(distributorDescribeCompany)[0]?.body).toEqual({ target_id: 7 });
  });

  it("says its data failed to load in the spec's words, with the reason, and loads again on Try again", async () => {
    let calls = 0;
    fakeApi([
      on(distributorDescribeCompany, () =>
        ++calls === 1 ? { error: { code: 503, message: 'The database is not answering' } } : companyDetail(),
      ),
    ]);
    renderDialog();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load data for component');
    expect(alert.textContent).toContain('The database is not answering');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tab', { name: 'Overview' })).toBeTruthy();
    expect(screen.queryByText('Failed to load data for component')).toBeNull();
    expect(calls).toBe(2);
  });

  it('shows support staff the company without History, any action or Save', async () => {
    fakeApi([
      on(adminDescribeCompany, () => companyDetail({ company_type: 'distributor', distributor: null, distributor_id: null })),
      on(listSales, () => []),
    ]);
    renderWithProviders(<CompanyDialog companyId={7} viewer="admin" viewOnly currentEmail="s@example.com" onClose={vi.fn()} />);
    expect(await screen.findByRole('tab', { name: 'Overview' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Manage users']);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(2);
    expect(screen.getByLabelText('City').closest('fieldset:disabled')).not.toBeNull();
  });

  it('saves from the action bar once something changed, and says so', async () => {
    const api = fakeApi([on(distributorDescribeCompany, () => companyDetail()), on(distributorPatchCompany, () => null)]);
    renderDialog();
    const save = within(await drawer()).getByRole('button', { name: 'Save' });
    await screen.findByLabelText('City');
    expect(save).toHaveProperty('disabled', true);
    await editCity('Perth');
    expect(save).toHaveProperty('disabled', false);
    await userEvent.click(save);
    await waitFor(() => expect(api.callsTo(distributorPatchCompany)[0]?.body).toEqual({ target_id: 7, city: 'Perth' }));
    expect(await screen.findAllByText('Company saved')).not.toHaveLength(0);
  });

  it('shows a field error from the server under its field', async () => {
    fakeApi([
      on(distributorDescribeCompany, () => companyDetail()),
      on(distributorPatchCompany, () => ({ error: { code: 400, message: 'Invalid input', fields: { city: 'Too long' } } })),
    ]);
    renderDialog();
    await editCity('Sydneyx');
    await userEvent.click(within(await drawer()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too long')).toBeTruthy();
    expect(screen.queryByText('Company saved')).toBeNull();
  });

  it('closes at once on Escape when nothing changed', async () => {
    fakeApi([on(distributorDescribeCompany, () => companyDetail())]);
    const onClose = renderDialog();
    await screen.findByLabelText('City');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Discard unsaved changes?')).toBeNull();
  });

  it('asks before Escape throws unsaved edits away, and keeps them on Keep editing', async () => {
    fakeApi([on(distributorDescribeCompany, () => companyDetail())]);
    const onClose = renderDialog();
    await editCity('Perth');
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('City')).toHaveProperty('value', 'Perth');

    await userEvent.click(within(await drawer()).getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('asks before the close button throws unsaved edits away', async () => {
    fakeApi([on(distributorDescribeCompany, () => companyDetail())]);
    const onClose = renderDialog();
    await editCity('Perth');
    const close = within(await drawer())
      .getAllByRole('button', { name: 'Close' })
      .find((button) => button.classList.contains('mantine-Drawer-close'));
    await userEvent.click(close as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes only Manage user on Escape, not the drawer it was opened from', async () => {
    fakeApi([
      on(distributorDescribeCompany, () => companyDetail()),
      on(listCompanyUsers, () => companyDetail().users.map((user) => ({ ...user, can_change_sign_in: true }))),
    ]);
    const onClose = renderDialog();
    await userEvent.click(await screen.findByRole('tab', { name: 'Manage users' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit tech@bakery.example' }));
    const manage = await screen.findByRole('dialog', { name: 'Manage user' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manage user' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();

    // With an edit, Escape asks about Manage user's changes only, and Keep editing keeps both open.
    await userEvent.click(screen.getByRole('button', { name: 'Edit tech@bakery.example' }));
    const again = await screen.findByRole('dialog', { name: 'Manage user' });
    await userEvent.type(within(again).getByLabelText('Contact name'), ' Two');
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    expect(ask.textContent).toContain('tech@bakery.example');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Manage user' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(manage.isConnected).toBe(false);
  });

  it('keeps unsaved edits while another tab is looked at', async () => {
    fakeApi([on(distributorDescribeCompany, () => companyDetail()), on(listCompanyUsers, () => [])]);
    renderDialog();
    await editCity('Perth');
    await userEvent.click(screen.getByRole('tab', { name: 'Manage users' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(screen.getByLabelText('City')).toHaveProperty('value', 'Perth');
  });

  it('asks before closing with unsaved distributor settings too', async () => {
    fakeApi([
      on(adminDescribeCompany, () => companyDetail({ company_type: 'distributor', distributor: null, distributor_id: null })),
      on(listSales, () => []),
      on(getDistributorSettings, () => ({
        custom_billing_url: null,
        custom_support_url: null,
        custom_metadata_1_label: null,
        custom_metadata_2_label: null,
        custom_metadata_3_label: null,
        default_subaccount_features: 1,
      })),
      on(listRegions, () => []),
      on(distributorRegionList, () => ({ rows: [], total: 0 })),
      on(getDistributorCommission, () => ({ discount_percent: 0, indirect_commission_percent: 0 })),
    ]);
    const onClose = vi.fn();
    renderWithProviders(<CompanyDialog companyId={7} viewer="admin" currentEmail="a@example.com" onClose={onClose} />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Distributor settings' }));
    await userEvent.type(await screen.findByLabelText('Metadata label 1'), 'PO');
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sets the distributor’s discount and indirect commission on its Distributor settings tab', async () => {
    let rates = { discount_percent: 0, indirect_commission_percent: 0 };
    const api = fakeApi([
      on(adminDescribeCompany, () => companyDetail({ company_type: 'distributor', distributor: null, distributor_id: null })),
      on(listSales, () => []),
      on(getDistributorSettings, () => ({
        custom_billing_url: null,
        custom_support_url: null,
        custom_metadata_1_label: null,
        custom_metadata_2_label: null,
        custom_metadata_3_label: null,
        default_subaccount_features: 1,
      })),
      on(listRegions, () => []),
      on(distributorRegionList, () => ({ rows: [], total: 0 })),
      on(getDistributorCommission, () => rates),
      on(setDistributorCommission, (input) => {
        rates = { discount_percent: input.discount_percent, indirect_commission_percent: input.indirect_commission_percent };
        return rates;
      }),
    ]);
    renderWithProviders(<CompanyDialog companyId={7} viewer="admin" currentEmail="a@example.com" onClose={vi.fn()} />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Distributor settings' }));
    const discount = await screen.findByLabelText('Discount (%)');
    const save = screen.getByRole('button', { name: 'Save commission' });
    expect(save).toHaveProperty('disabled', true);
    await userEvent.clear(discount);
    await userEvent.type(discount, '12');
    await userEvent.click(save);
    await waitFor(() =>
      expect(api.requests.find((r) => r.url.endsWith(setDistributorCommission.path))?.body).toEqual({
        id: 7,
        discount_percent: 12,
        indirect_commission_percent: 0,
      }),
    );
    expect(await screen.findByText('Commission saved')).toBeTruthy();
  });
});
