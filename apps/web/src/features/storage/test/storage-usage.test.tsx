import type { AuthContext } from '@portal/contract/auth/auth-context';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { type AdminStorageRow, adminStorageList } from '@portal/contract/storage/manage-storage';
import { storageAccountGet, storageListBuckets } from '@portal/contract/storage/storage';
import { type UtilizationDay, storageUsageGet, storageUsageReport } from '@portal/contract/storage/usage';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { type FakeRoute, fakeApi, on } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { renderApp } from '../../../test/render-app';
import { StorageUsageCard } from '../components/storage-usage';
import { firstDayOf, historyPoints, measuredCostCents, reportPoints } from '../lib/usage';

const GB = 1e9;
const day = (date: string, regions: [string, number, number, number][]): UtilizationDay => ({
  Date: date,
  EndTime: `${date}T23:59:59.000Z`,
  RegionalUtilizations: regions.map(([Region, padded, metadata, deleted]) => ({
    Region,
    PaddedStorageSizeBytes: padded,
    MetadataStorageSizeBytes: metadata,
    DeletedStorageSizeBytes: deleted,
  })),
});

describe('storage usage figures', () => {
  it('sums a day’s regions per kind of bytes, oldest day first', () => {
    const points = historyPoints([
      day('2026-11-23', [
        ['eu-central-1', 2 * GB, 10, 0],
        ['us-east-1', 3 * GB, 5, GB],
      ]),
      day('2026-11-22', [['us-east-1', GB, 1, 0]]),
    ]);
    expect(points).toEqual([
      { date: '2026-11-22', padded: GB, metadata: 1, deleted: 0, total: GB + 1 },
      { date: '2026-11-23', padded: 5 * GB, metadata: 15, deleted: GB, total: 6 * GB + 15 },
    ]);
  });

  it('reads the report’s rows as points, and counts a chart’s first day back from its last', () => {
    expect(
      reportPoints([
        { date: '2026-11-23', storage_amount_bytes: 7 },
        { date: '2026-11-01', storage_amount_bytes: 3 },
      ]),
    ).toEqual([
      { date: '2026-11-01', stored: 3 },
      { date: '2026-11-23', stored: 7 },
    ]);
    expect(firstDayOf('2026-11-24', 90)).toBe('2026-08-27');
    expect(firstDayOf('2026-03-01', 60)).toBe('2026-01-01');
  });

  it('costs a month as 30 measured days; nothing measured yet gives no figure', () => {
    expect(measuredCostCents({ CostsCents: 46.6, History: [day('2026-11-23', [])] })).toEqual({ perDay: 46.6, perMonth: 1398 });
    expect(measuredCostCents({ CostsCents: 0, History: [] })).toBeNull();
    expect(measuredCostCents(undefined)).toBeNull();
  });
});

const CUSTOMER: Partial<AuthContext> = { capabilities: ['use_storage'] };
const KEYS = { endpoint: 'http://127.0.0.1:9000', AccessKey: 'AKIDEXAMPLE', SecretKey: 'secret-example' };

function page(path: string, routes: FakeRoute[], auth: Partial<AuthContext> = CUSTOMER) {
  return renderApp(path, [on(getAuthContext, () => authContext(auth)), ...routes]);
}

describe('/storage/wasabi History and cost', () => {
  it('charts the 90 measured days from wasabi-usage-get and costs from the latest measured day', async () => {
    const { api } = await page('/storage/wasabi', [
      on(storageAccountGet, () => ({ enabled: true, current_usage_bytes: 0, ...KEYS })),
      on(storageListBuckets, () => ({ buckets: [] })),
      on(storageUsageGet, () => ({
        BucketsCount: 1,
        CostsCents: 46.6,
        History: [day('2026-11-22', [['us-east-1', GB, 0, 0]]), day('2026-11-23', [['us-east-1', 2 * GB, 0, 0]])],
      })),
    ]);
    // 2 TB measured: $0.47 a day, 30 of them $13.98 a month (not the 1 TB estimate of the empty buckets).
    expect(await screen.findByText('$0.47')).toBeTruthy();
    expect(screen.getByText('$13.98')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(
      await screen.findByRole('figure', { name: /Storage usage over the last 90 days: 2\.00 GB on 2026-11-23, 2 measured days/ }),
    ).toBeTruthy();
    expect(api.callsTo(storageUsageGet).length).toBeGreaterThan(0);
  });

  it('says so while no day has been measured, and estimates from the buckets meanwhile', async () => {
    await page('/storage/wasabi', [
      on(storageAccountGet, () => ({ enabled: true, current_usage_bytes: 0, ...KEYS })),
      on(storageListBuckets, () => ({ buckets: [] })),
      on(storageUsageGet, () => ({ BucketsCount: 0, CostsCents: 0, History: [] })),
    ]);
    expect(await screen.findByText('$0.23')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('No history yet')).toBeTruthy();
  });
});

describe('the dashboard’s storage chart', () => {
  const report = (has: boolean) =>
    on(storageUsageReport, (body) => ({
      has_comet_storage: has,
      rows: has ? [{ date: '2026-11-23', storage_amount_bytes: 3 * GB }] : [],
      from: body.target_from ?? '2026-09-25',
      to: body.target_to ?? '2026-11-23',
    }));

  it('shows the last 60 days, and the Storage usage chart dialog the last 90', async () => {
    const api = fakeApi([report(true)]);
    renderWithProviders(<StorageUsageCard companyId={7} />);
    expect(await screen.findByRole('figure', { name: 'Storage usage over the last 60 days: 3.00 GB on 2026-11-23.' })).toBeTruthy();
    expect(api.callsTo(storageUsageReport).map((r) => r.body)).toEqual([{ target_company_id: 7 }]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show 90 days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Storage usage' });
    expect(await within(dialog).findByRole('figure', { name: 'Storage usage over 90 days: 3.00 GB on 2026-11-23.' })).toBeTruthy();
    await waitFor(() =>
      expect(api.callsTo(storageUsageReport).map((r) => r.body)).toContainEqual({
        target_company_id: 7,
        target_from: '2026-08-26',
        target_to: '2026-11-23',
      }),
    );
  });

  it('is hidden when the company has no storage (has_comet_storage false) or may not read it', async () => {
    for (const answer of [report(false), on(storageUsageReport, () => ({ error: { code: 403, message: 'Forbidden' } }))]) {
      const api = fakeApi([answer]);
      const view = renderWithProviders(<StorageUsageCard companyId={7} />);
      await waitFor(() => expect(api.callsTo(storageUsageReport)).toHaveLength(1));
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.queryByRole('heading', { name: 'Storage usage' })).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      view.unmount();
    }
  });
});

const adminRow = (o: Partial<AdminStorageRow> = {}): AdminStorageRow => ({
  company_id: 12,
  company_name: 'Beta Backups',
  company_type: 'customer',
  can_have_comet_storage: true,
  provider: 'local',
  provider_account_id: 'acct-12',
  enabled_at: '2026-11-01T10:00:00Z',
  keys_rotated_at: null,
  buckets_count: 3,
  usage_bytes: 1_500_000_000,
  usage_source: 'utilization',
  usage_measured_at: '2026-11-23T23:59:59Z',
  ...o,
});

describe('/manage_storage', () => {
  it('lists every company’s storage account with its usage, and searches', async () => {
    const { api } = await page('/manage_storage', [on(adminStorageList, () => ({ rows: [adminRow()], total: 1 }))], {
      roles: ['admin'],
      company_type: 'admin',
    });
    const table = await screen.findByRole('table', { name: 'Storage accounts' });
    await within(table).findByText('Beta Backups');
    expect(within(table).getByText('acct-12')).toBeTruthy();
    expect(within(table).getByText('1.50 GB')).toBeTruthy();
    expect(within(table).getByText('Never')).toBeTruthy();
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Search Storage accounts' }), 'beta');
    await waitFor(() => expect(api.callsTo(adminStorageList).some((r) => r.body.target_search_query === 'beta')).toBe(true));
  });

  it('is for admins only', async () => {
    const { api } = await page('/manage_storage', [on(adminStorageList, () => ({ rows: [], total: 0 }))]);
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Storage accounts' })).toBeNull());
    expect(api.callsTo(adminStorageList)).toHaveLength(0);
  });
});
