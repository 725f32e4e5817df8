import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import type { PaidChurnMonth } from '@portal/contract/reports/churn';
import { monthLabel } from './churn-format';

/**
 * Paid Churn By Month: the companies that left ACTIVE each month, for DELETED and for SUSPENDED, stacked.
 * This module (and the charts library under it) loads only when the Churn Tracking tab shows the chart.
 */
export default function PaidChurnChart({ months, height }: { months: PaidChurnMonth[]; height: number }) {
  const data = months.map((m) => ({ month: monthLabel(m.month), deleted: m.churned_to_deleted, suspended: m.churned_to_suspended }));
  return (
    <BarChart
      h={height}
      data={data}
      dataKey="month"
      type="stacked"
      series={[
        { name: 'deleted', label: 'ACTIVE → DELETED', color: 'red.6' },
        { name: 'suspended', label: 'ACTIVE → SUSPENDED', color: 'orange.6' },
      ]}
      maxBarWidth={32}
      withLegend
      legendProps={{ verticalAlign: 'top', height: 36 }}
      yAxisProps={{ allowDecimals: false, width: 40 }}
      xAxisProps={{ minTickGap: 16 }}
    />
  );
}
