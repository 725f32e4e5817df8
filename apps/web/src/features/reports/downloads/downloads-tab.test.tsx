import { listDownloads } from '@portal/contract/downloads/downloads';
import {
  dailyGeneralReport,
  enterpriseDeals,
  reportAnalyticsLinks,
  reportBalances,
  reportFeedbacks,
} from '@portal/contract/reports/downloads';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, on } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { reportMonthsOf, reportYears } from './download-months';
import { DownloadsTab } from './downloads-tab';

const version = (v: string) => ({
  version: v,
  codename: '',
  release_date: '2026-01-01',
  release_notes: '',
  release_notes_html: '',
  is_prerelease: false,
  platforms: [],
});

describe('DownloadsTab', () => {
  it('sends the two forms as GET submits with the fields the server reads, and lists the links', async () => {
    fakeApi([
      on(listDownloads, () => ({ rows: [version('25.3.0'), version('25.2.1')], total: 2 })),
      on(reportAnalyticsLinks, () => ({ links: [{ label: 'Churn by plan', url: 'https://analytics.example/q/1' }] })),
    ]);
    renderWithProviders(<DownloadsTab />);
    const daily = screen.getByRole('form', { name: 'General daily report' }) as HTMLFormElement;
    expect(daily.method).toBe('get');
    expect(daily.getAttribute('action')).toBe(dailyGeneralReport.path);
    expect(new FormData(daily).get('date_of_download')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(within(daily).getByLabelText('Include deleted accounts').getAttribute('name')).toBe('include_extra_data');
    const deals = screen.getByRole('form', { name: 'Enterprise billing report' }) as HTMLFormElement;
    expect(deals.getAttribute('action')).toBe(enterpriseDeals.path);
    expect([...new FormData(deals).keys()].sort()).toEqual(['end_date', 'format', 'start_date']);
    expect(screen.getByText('How usage is counted')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Balances as CSV' }).getAttribute('href')).toBe(`${reportBalances.path}?format=csv`);
    expect(await screen.findByRole('link', { name: 'Churn by plan' })).toBeTruthy();
    const byVersion = screen.getByRole('form', { name: 'Customers by server version' }) as HTMLFormElement;
    expect(await within(byVersion).findByRole('option', { name: '25.3.0' })).toBeTruthy();
  });

  it('offers feedback from 2023 and usage from 2022, up to this month, sent as year_month', () => {
    fakeApi([on(listDownloads, () => ({ rows: [], total: 0 })), on(reportAnalyticsLinks, () => ({ links: [] }))]);
    renderWithProviders(<DownloadsTab />);
    const feedback = screen.getByRole('form', { name: 'Feedback by month' }) as HTMLFormElement;
    expect(feedback.getAttribute('action')).toBe(reportFeedbacks.path);
    const years = within(feedback)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(years).toContain('2023');
    expect(years).not.toContain('2022');
    expect(new FormData(feedback).get('year_month')).toMatch(/^\d{4}-\d{2}$/);
    const usage = screen.getByRole('form', { name: 'Usage by month' });
    expect(
      within(usage)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('2022');
  });
});

describe('report months', () => {
  const now = new Date('2026-11-21T00:00:00Z');
  it('run from the first month to this month in Auckland', () => {
    expect(reportYears('2023-01', now)).toEqual(['2026', '2025', '2024', '2023']);
    expect(reportMonthsOf('2026', '2023-01', now)).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11']);
    expect(reportMonthsOf('2022', '2022-03', now)[0]).toBe('03');
    // 31 December 11:30 UTC is already 1 January in Auckland.
    expect(reportYears('2022-01', new Date('2026-12-31T11:30:00Z'))[0]).toBe('2027');
  });
});
