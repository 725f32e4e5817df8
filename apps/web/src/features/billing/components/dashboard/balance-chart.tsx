import '@mantine/charts/styles.layer.css';
import { LineChart } from '@mantine/charts';
import type { ChartPoint } from '../../lib/runway';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const shortMoney = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact' });

export interface BalanceChartProps {
  points: ChartPoint[];
  /** In pixels, the legend included. */
  height: number;
  /** A day was chosen on the chart (YYYY-MM-DD). */
  onPickDay: (date: string) => void;
}

/**
 * The balance line and its runway forecast. This module (and the charts library under it) loads only with
 * the dashboard's chart, so it adds nothing to the sign-in page.
 */
export default function BalanceChart({ points, onPickDay, height }: BalanceChartProps) {
  const forecast = points.some((point) => point.forecast !== undefined);
  return (
    <LineChart
      h={height}
      data={points}
      dataKey="date"
      series={[
        { name: 'balance', label: 'Balance', color: 'brand.6' },
        ...(forecast ? [{ name: 'forecast', label: 'Forecast', color: 'orange.7', strokeDasharray: '5 5' }] : []),
      ]}
      curveType="linear"
      withDots={false}
      withLegend
      legendProps={{ verticalAlign: 'top', height: 36 }}
      connectNulls={false}
      valueFormatter={(value) => money.format(value)}
      yAxisProps={{ tickFormatter: (value: number) => shortMoney.format(value), width: 64 }}
      xAxisProps={{ minTickGap: 32 }}
      referenceLines={[{ y: 0, color: 'red.7' }]}
      lineChartProps={{
        onClick: (state) => {
          const label = state?.activeLabel;
          if (typeof label === 'string' && points.some((point) => point.date === label && point.balance !== undefined)) onPickDay(label);
        },
        style: { cursor: 'pointer' },
      }}
    />
  );
}
