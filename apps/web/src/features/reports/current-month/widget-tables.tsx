import { Table, Text } from '@mantine/core';
import type { WinnerLoserRow } from '@portal/contract/reports/current-month';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { WidgetChartProps } from './widget-charts';
import { ScrollTable } from '../../../components/table/scroll-table';
import { changeLabel } from './widget-format';

// The charts library is the largest script of the tab: it loads with the first chart, after the cards.
const WidgetChart = lazy(() => import('./widget-charts'));

export const CHART_HEIGHT = 240;

/** A chart with its text alternative, and a skeleton while the charts library loads. */
export function LazyChart({ label, ...chart }: WidgetChartProps & { label: string }) {
  return (
    <figure style={{ margin: 0 }} aria-label={label}>
      <Suspense
        fallback={
          <div role="status" aria-label="Loading the chart" aria-busy="true">
            <Skeleton h={chart.height} radius="sm" aria-hidden />
          </div>
        }
      >
        <WidgetChart {...(chart as WidgetChartProps)} />
      </Suspense>
    </figure>
  );
}

/** Winners or losers: the companies whose count changed most against 7 days before. */
export function MoversTable({ label, rows, empty }: { label: string; rows: WinnerLoserRow[]; empty: string }) {
  if (!rows.length) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <ScrollTable label={label} minWidth={360}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Company</Table.Th>
            <Table.Th ta="right">7 days ago</Table.Th>
            <Table.Th ta="right">Now</Table.Th>
            <Table.Th ta="right">Change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.company_id}>
              <Table.Td>{r.company_name}</Table.Td>
              <Table.Td ta="right">{r.count_before}</Table.Td>
              <Table.Td ta="right">{r.count_now}</Table.Td>
              <Table.Td ta="right">{changeLabel(r.change)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
