import { notifications } from '@mantine/notifications';
import { getActiveServices } from '@portal/contract/billing/active-services';
import {
  adminCreateCreditPack,
  adminExpireCreditPack,
  adminListCreditPacks,
  type AdminCreditPack,
} from '@portal/contract/billing/credit-packs';
import { adminDailyStatsList } from '@portal/contract/billing/daily-stats';
import { adminDescribeCompany, distributorDescribeCompany } from '@portal/contract/companies/company-describe';
import { listSales } from '@portal/contract/companies/company-lookups';
import { archiveLicense } from '@portal/contract/servers/licences';
import { type AdminLicenceRow, adminServerLicenseTable } from '@portal/contract/servers/server-tables';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminPack, service } from '../features/billing/test/fixtures';
import { companyDetail } from '../features/companies/components/company-dialog/company-detail.fixture';
import { CompanyDialog } from '../features/companies/components/company-dialog/company-dialog';
import { ExtraCompanyTabs } from '../features/companies/components/company-dialog/extra-tabs';
import { type FakeRoute, fakeApi, on } from '../test/fake-api';
import { renderWithProviders } from '../test/render';
import { COMPANY_DIALOG_TABS } from './company-dialog-tabs';

afterEach(() => act(() => notifications.clean()));

function renderDrawer(viewer: 'admin' | 'distributor', routes: FakeRoute[], viewOnly = false) {
  const api = fakeApi([on(listSales, () => []), ...routes]);
  renderWithProviders(
    <ExtraCompanyTabs value={COMPANY_DIALOG_TABS}>
      <CompanyDialog companyId={7} viewer={viewer} viewOnly={viewOnly} currentEmail="ada@example.com" onClose={vi.fn()} />
    </ExtraCompanyTabs>,
  );
  return api;
}

const tabNames = async () => {
  await screen.findByRole('tab', { name: 'Overview' });
  return screen.getAllByRole('tab').map((tab) => tab.textContent);
};

/** A company's packs as the server keeps them: a create adds one and moves the balance, an expire takes what is left. */
function creditServer(initial: AdminCreditPack[]) {
  let packs = [...initial];
  const balance = () => packs.filter((p) => !p.is_expired).reduce((sum, p) => sum + p.amount - p.amount_used, 0);
  return [
    on(adminListCreditPacks, () => ({ rows: packs, total: packs.length, balance: balance() })),
    on(adminCreateCreditPack, (input) => {
      const pack = adminPack(100 + packs.length, {
        name: input.target_name,
        amount: input.target_amount,
        cost: input.target_cost ?? 0,
        amount_used: 0,
        remaining: input.target_amount,
      });
      packs = [pack, ...packs];
      return pack;
    }),
    on(adminExpireCreditPack, (input) => {
      const pack = packs.find((p) => p.id === input.target_credit_pack_id) as AdminCreditPack;
      const expired = { ...pack, is_expired: true, display: 'expired' as const, remaining: 0, expiry_date: '2026-11-24T00:00:00Z' };
      packs = packs.map((p) => (p.id === pack.id ? expired : p));
      return expired;
    }),
  ];
}

/** A licence of the company as the admin licence table answers it. */
const licence = (serial_number: string, name: string, archived = false): AdminLicenceRow => ({
  serial_number,
  name,
  enabled: !archived,
  archived,
  company_name: 'Southern Bakery',
  company_id: 7,
  plan_name: 'Growth',
  plan_payload: '1|23.3.0|{}',
  payload_override: null,
  payload_diff: '',
  server_version: '24.9.1',
  created_at: '2026-11-01T00:00:00Z',
  last_issue_end: null,
});

describe("billing's tabs in the company dialog", () => {
  it('gives an admin Manage services, Manage credit and Reports for a customer, before History', async () => {
    renderDrawer('admin', [on(adminDescribeCompany, () => companyDetail({ current_state: 'ACTIVE' }))]);
    expect(await tabNames()).toEqual([
      'Overview',
      'Manage users',
      'Manage services',
      'Manage credit',
      'Reports',
      'Transactions',
      'History',
    ]);
  });

  it('gives a distributor and read-only staff Manage services only, and a distributor company none', async () => {
    renderDrawer('distributor', [on(distributorDescribeCompany, () => companyDetail())]);
    expect(await tabNames()).toEqual(['Overview', 'Manage users', 'Manage services']);
  });

  it('gives support staff reading a customer Manage services and no credit', async () => {
    renderDrawer('admin', [on(adminDescribeCompany, () => companyDetail())], true);
    expect(await tabNames()).toEqual(['Overview', 'Manage users', 'Manage services']);
  });

  it("adds no billing tab to a distributor company's dialog, only payments' Invoices and Transactions", async () => {
    renderDrawer('admin', [
      on(adminDescribeCompany, () => companyDetail({ company_type: 'distributor', distributor: null, distributor_id: null })),
    ]);
    expect(await tabNames()).toEqual(['Overview', 'Manage users', 'Invoices', 'Transactions', 'History', 'Distributor settings']);
  });

  it("lists the company's services in Manage services", async () => {
    const api = renderDrawer('admin', [
      on(adminDescribeCompany, () => companyDetail()),
      on(getActiveServices, () => ({ rows: [service(1)], total: 1, updated_at: null })),
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Manage services' }));
    expect(await screen.findByText('Backup server 1')).toBeTruthy();
    expect(api.callsTo(getActiveServices)[0]?.body).toMatchObject({ target_company_id: 7, page_size: 20 });
  });

  it("lists an admin the company's licences under its services: Archive names the company, Create Serial is not offered yet", async () => {
    const api = renderDrawer('admin', [
      on(adminDescribeCompany, () => companyDetail()),
      on(getActiveServices, () => ({ rows: [], total: 0, updated_at: null })),
      on(adminServerLicenseTable, () => ({
        rows: [licence('AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', 'Office'), licence('FFFFF-GGGGG-HHHHH-JJJJJ-KKKKK', 'Old', true)],
        total: 2,
      })),
      on(archiveLicense, () => null),
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Manage services' }));
    const archive = await screen.findByRole('button', { name: 'Archive Office' });
    expect(api.callsTo(adminServerLicenseTable)[0]?.body).toMatchObject({ target_company_id: 7 });
    expect(screen.getByRole('button', { name: 'Archive Old' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(archive);
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Archive Office?' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(api.callsTo(archiveLicense)[0]?.body).toEqual({ serial: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', target_company_id: 7 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create Serial' }));
    expect(await screen.findByText('This feature is not yet available...')).toBeTruthy();
  });

  it("offers a deleted company's licences nothing to do", async () => {
    renderDrawer('admin', [
      on(adminDescribeCompany, () => companyDetail({ current_state: 'DELETED' })),
      on(getActiveServices, () => ({ rows: [], total: 0, updated_at: null })),
      on(adminServerLicenseTable, () => ({ rows: [licence('AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', 'Office')], total: 1 })),
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Manage services' }));
    expect((await screen.findByRole('button', { name: 'Archive Office' })).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Create Serial' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the last 60 days of daily stats in Reports, newest first', async () => {
    const day = (date: string, devices: number) => ({
      company_id: 7,
      date,
      device_count: devices,
      booster_count: 1,
      hosted_comet_v2_count: 0,
      cloudview_count: 0,
      storage_amount_bytes: 1_500_000_000,
      storage_active_count: 1,
      server_version: '24.9.1',
    });
    const api = renderDrawer('admin', [
      on(adminDescribeCompany, () => companyDetail()),
      on(adminDailyStatsList, () => ({ rows: [day('2026-11-22', 4), day('2026-11-23', 5)], from: '2026-09-25', to: '2026-11-23' })),
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Reports' }));
    const table = await screen.findByRole('region', { name: 'Daily stats' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.firstElementChild?.textContent)).toEqual(['2026-11-23', '2026-11-22']);
    expect(within(table).getAllByText('1.5 GB')).toHaveLength(2);
    expect(api.callsTo(adminDailyStatsList)[0]?.body).toEqual({ target_company_ids: [7] });
  });
});

describe('Manage credit', () => {
  const creditPanel = () => within(screen.getByRole('tabpanel', { name: 'Manage credit' }));

  async function openCredit(routes: FakeRoute[]) {
    const api = renderDrawer('admin', [on(adminDescribeCompany, () => companyDetail({ current_state: 'ACTIVE' })), ...routes]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Manage credit' }));
    await screen.findByRole('button', { name: 'Add credit pack' });
    return api;
  }

  it('lists the packs 15 a page and creates one from dollars, sent in cents, with the balance moving', async () => {
    const api = await openCredit(creditServer([adminPack(1, { amount: 5_000, amount_used: 1_000, remaining: 4_000 })]));
    await waitFor(() => expect(screen.getByTestId('company-balance').textContent).toBe('$40.00'));
    expect(api.callsTo(adminListCreditPacks)[0]?.body).toMatchObject({ page: 1, page_size: 15, target_company_ids: [7] });
    expect((creditPanel().getByLabelText('Create billing entry') as HTMLInputElement).checked).toBe(true);
    expect((creditPanel().getByLabelText('Out-of-band payment') as HTMLInputElement).checked).toBe(false);

    await userEvent.type(screen.getByLabelText(/^Name/), 'Loyalty credit');
    await userEvent.type(screen.getByLabelText(/^Cost/), '19.99');
    await userEvent.type(screen.getByLabelText(/^Amount/), '25.50');
    await userEvent.type(screen.getByLabelText(/^Expiry/), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Add credit pack' }));

    await waitFor(() =>
      expect(api.callsTo(adminCreateCreditPack)[0]?.body).toEqual({
        target_id: 7,
        target_name: 'Loyalty credit',
        target_cost: 1999,
        target_amount: 2550,
        target_expiry_days: 30,
        target_create_billing_entry: true,
        target_is_oob_payment: false,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('company-balance').textContent).toBe('$65.50'));
    expect(await screen.findByText('Credit pack Loyalty credit added ($25.50)')).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
  });

  it('fills the form from a preset', async () => {
    await openCredit(creditServer([]));
    await userEvent.selectOptions(await screen.findByLabelText(/^Preset/), 'Bank transfer, $100');
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Bank transfer');
    expect((screen.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('$100');
    // The company form in Overview has its own out-of-band switch.
    expect((creditPanel().getByLabelText('Out-of-band payment') as HTMLInputElement).checked).toBe(true);
  });

  it("shows the contract's message beside the amount when it is missing", async () => {
    const api = await openCredit(creditServer([]));
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Nothing');
    await userEvent.click(screen.getByRole('button', { name: 'Add credit pack' }));
    expect(await screen.findByText('Please enter an amount')).toBeTruthy();
    expect(api.callsTo(adminCreateCreditPack)).toHaveLength(0);
  });

  it('disables Expire for an expired pack, and expires another after asking, moving the balance', async () => {
    const api = await openCredit(
      creditServer([
        adminPack(1, { name: 'Old promo', is_expired: true, display: 'expired', remaining: 0, expiry_date: '2020-01-01T00:00:00Z' }),
        adminPack(2, { name: 'Spring top-up', amount: 5_000, amount_used: 0, remaining: 5_000 }),
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('company-balance').textContent).toBe('$50.00'));
    expect(screen.getByRole('button', { name: 'Expire Old promo' }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Expire Spring top-up' }));
    const confirm = await screen.findByRole('dialog', { name: 'Expire Spring top-up — this cannot be undone' });
    expect(confirm.textContent).toContain('Its unused $50.00 leaves the company');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Expire' }));
    await waitFor(() => expect(api.callsTo(adminExpireCreditPack)[0]?.body).toEqual({ target_credit_pack_id: 2 }));
    await waitFor(() => expect(screen.getByTestId('company-balance').textContent).toBe('$0.00'));
  });

  it("says 'Failed to expire credit pack! ' and the server's message when the expiry is refused", async () => {
    await openCredit([
      on(adminListCreditPacks, () => ({ rows: [adminPack(2, { name: 'Spring top-up' })], total: 1, balance: 7_500 })),
      on(adminExpireCreditPack, () => ({ error: { code: 409, message: 'This credit pack has already expired' } })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Expire Spring top-up' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: /Expire Spring top-up/ })).getByRole('button', { name: 'Expire' }),
    );
    const failure = await screen.findByRole('dialog', { name: 'Could not expire the credit pack' });
    expect(failure.textContent).toContain('Failed to expire credit pack! This credit pack has already expired');
  });

  it('asks before closing the drawer over an unsaved credit pack', async () => {
    await openCredit(creditServer([]));
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Half typed');
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: /Discard unsaved changes/ })).toBeTruthy();
  });
});
