import { listDownloads } from '@portal/contract/downloads/downloads';
import { adminCompaniesOnServerVersion, NO_SERVER_VERSION_SELECTED } from '@portal/contract/reports/server-version';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, on } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { VersionReportPage } from './version-report-page';

const version = (v: string) => ({
  version: v,
  codename: '',
  release_date: '2026-01-01',
  release_notes: '',
  release_notes_html: '',
  is_prerelease: false,
  platforms: [],
});

describe('VersionReportPage', () => {
  it('says no version is selected while the downloads list has none', async () => {
    const api = fakeApi([on(listDownloads, () => ({ rows: [], total: 0 }))]);
    renderWithProviders(<VersionReportPage />);
    expect(await screen.findByText(NO_SERVER_VERSION_SELECTED)).toBeTruthy();
    expect(api.callsTo(adminCompaniesOnServerVersion)).toHaveLength(0);
  });

  it('lists the companies on the first version, 20 to a page, by company name', async () => {
    const api = fakeApi([
      on(listDownloads, () => ({ rows: [version('25.3.0'), version('25.2.1')], total: 2 })),
      on(adminCompaniesOnServerVersion, () => ({
        rows: [{ company_id: 7, company_name: 'Alpha Backups', primary_email: 'ops@alpha.example', server_count: 3, device_count: 15 }],
        total: 1,
      })),
    ]);
    renderWithProviders(<VersionReportPage />);
    expect(await screen.findByText('Alpha Backups')).toBeTruthy();
    await waitFor(() =>
      expect(api.callsTo(adminCompaniesOnServerVersion)[0]?.body).toMatchObject({
        server_version: '25.3.0',
        page: 1,
        page_size: 20,
        target_order: 'company_name',
        target_order_direction: 'asc',
      }),
    );
    expect(screen.queryByText(NO_SERVER_VERSION_SELECTED)).toBeNull();
  });
});
