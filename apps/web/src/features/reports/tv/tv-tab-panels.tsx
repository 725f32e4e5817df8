import { Skeleton, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { LiveAnswer } from '../api/tv';
import type { TvBarsProps } from './tv-bars';
import { formatCount } from './tv-format';
import { formatDateTime } from '../../../lib/dates';

const TvBars = lazy(() => import('./tv-bars'));

/** A tab's bars by month and the time its figures were computed. */
function MonthBarsPanel({ data, series, cachedAt }: Pick<TvBarsProps, 'data' | 'series'> & { cachedAt: string }) {
  return (
    <>
      <Suspense fallback={<Skeleton h={420} />}>
        <TvBars data={data} dataKey="month" format={formatCount} series={series} />
      </Suspense>
      <Text fz={18} c="gray.5" mt="xs">
        {`Figures of ${formatDateTime(cachedAt)} (Pacific/Auckland)`}
      </Text>
    </>
  );
}

/** Tab 1: active companies, devices and boosters per month (the /reports Monthly Totals widget). */
export function MonthlyTotalsPanel({ widget }: { widget: LiveAnswer['report_admin_monthly_totals'] }) {
  const data = widget.data.rows.map((r) => ({
    month: r.is_partial ? `${r.month} (so far)` : r.month,
    active_companies: r.active_companies,
    devices: r.devices,
    boosters: r.boosters,
  }));
  const series = [
    { name: 'active_companies', label: 'Active companies', color: 'yellow.5' },
    { name: 'devices', label: 'Devices', color: 'teal.5' },
    { name: 'boosters', label: 'Boosters', color: 'blue.5' },
  ];
  return <MonthBarsPanel data={data} series={series} cachedAt={widget.cached_at} />;
}

/** Tab 2: signups per month, with the current month's estimate (the /reports Number of Signups widget). */
export function SignupsByMonthPanel({ widget }: { widget: LiveAnswer['report_admin_signup_by_month'] }) {
  const data = widget.data.rows.map((r) => ({ month: r.month, signups: r.signups, estimate: r.estimate ?? 0 }));
  const series = [
    { name: 'signups', label: 'Signups', color: 'teal.5' },
    { name: 'estimate', label: 'Estimate for the month', color: 'gray.5' },
  ];
  return <MonthBarsPanel data={data} series={series} cachedAt={widget.cached_at} />;
}
