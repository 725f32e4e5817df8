import { Loader, Tabs } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { PageHeader } from '../../components/page/page-header';
import type { ReportTab } from './report-tabs';

// Each tab is its own chunk: the charts of Current Month and the stream of Customer Usage load when opened.
const DownloadsTab = lazy(() => import('./downloads/downloads-tab').then((m) => ({ default: m.DownloadsTab })));
const CurrentMonthTab = lazy(() => import('./current-month/current-month-tab').then((m) => ({ default: m.CurrentMonthTab })));
const ChurnTab = lazy(() => import('./churn/churn-tab').then((m) => ({ default: m.ChurnTab })));
const CustomerUsageTab = lazy(() => import('./customer-usage/customer-usage-tab').then((m) => ({ default: m.CustomerUsageTab })));

const DOWNLOADS = 'downloads';

/** /reports (admin): four tabs, the one open named by the address's restrict. */
export function ReportsPage({ tab, onTabChange }: { tab: ReportTab | undefined; onTabChange: (tab: ReportTab | undefined) => void }) {
  return (
    <>
      <PageHeader title="Reports" description="Downloads, this month's figures, churn and customer usage." />
      <Tabs
        value={tab ?? DOWNLOADS}
        onChange={(value) => onTabChange(value === DOWNLOADS || value === null ? undefined : (value as ReportTab))}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value={DOWNLOADS}>Downloads</Tabs.Tab>
          <Tabs.Tab value="currentMonth">Current Month</Tabs.Tab>
          <Tabs.Tab value="churn">Churn Tracking</Tabs.Tab>
          <Tabs.Tab value="customerUsage">Customer Usage</Tabs.Tab>
        </Tabs.List>
        <Suspense fallback={<Loader aria-label="Loading" />}>
          <Tabs.Panel value={DOWNLOADS}>
            <DownloadsTab />
          </Tabs.Panel>
          <Tabs.Panel value="currentMonth">
            <CurrentMonthTab />
          </Tabs.Panel>
          <Tabs.Panel value="churn">
            <ChurnTab />
          </Tabs.Panel>
          <Tabs.Panel value="customerUsage">
            <CustomerUsageTab />
          </Tabs.Panel>
        </Suspense>
      </Tabs>
    </>
  );
}
