import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { formatBytes } from '../lib/storage';
import type { HistoryPoint, ReportPoint } from '../lib/usage';

export type StorageUsageChartProps =
  | { kind: 'history'; points: HistoryPoint[]; height: number }
  | { kind: 'report'; points: ReportPoint[]; height: number };

/**
 * Stored bytes per day, a bar a day. 'history' stacks the provider's three figures (the History tab's 90 days);
 * 'report' draws the charged bytes (the dashboard's 60 days and the Storage usage chart dialog). This module
 * (and the charts library under it) loads only when a chart is shown.
 */
export default function StorageUsageChart(props: StorageUsageChartProps) {
  const series =
    props.kind === 'history'
      ? [
          { name: 'padded', label: 'Stored', color: 'brand.6' },
          { name: 'metadata', label: 'Metadata', color: 'teal.6' },
          { name: 'deleted', label: 'Deleted', color: 'orange.6' },
        ]
      : [{ name: 'stored', label: 'Stored', color: 'brand.6' }];
  return (
    <BarChart
      h={props.height}
      data={props.points as unknown as Record<string, unknown>[]}
      dataKey="date"
      type={props.kind === 'history' ? 'stacked' : 'default'}
      series={series}
      // A day is a bar however few days are measured; a lone day is not drawn as the width of the chart.
      maxBarWidth={32}
      withLegend={props.kind === 'history'}
      legendProps={{ verticalAlign: 'top', height: 36 }}
      valueFormatter={(value) => formatBytes(value)}
      yAxisProps={{ tickFormatter: (value: number) => formatBytes(value), width: 72 }}
      xAxisProps={{ minTickGap: 32 }}
    />
  );
}
