import '@mantine/charts/styles.layer.css';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';

/**
 * The Current Month charts. This module (and the charts library under it) loads only when the tab shows a
 * chart, after the cards and their tables.
 */
export type WidgetChartProps =
  | {
      kind: 'bars';
      data: Record<string, string | number>[];
      dataKey: string;
      series: { name: string; label: string; color: string }[];
      stacked?: boolean;
      height: number;
    }
  | {
      kind: 'line';
      data: Record<string, string | number>[];
      dataKey: string;
      series: { name: string; label: string; color: string }[];
      height: number;
    }
  | {
      kind: 'area';
      data: Record<string, string | number>[];
      dataKey: string;
      series: { name: string; label: string; color: string }[];
      height: number;
    };

export default function WidgetChart(props: WidgetChartProps) {
  const common = {
    h: props.height,
    data: props.data,
    dataKey: props.dataKey,
    series: props.series,
    withLegend: props.series.length > 1,
    // Six series wrap onto a second line of legend.
    legendProps: { verticalAlign: 'top' as const, height: props.series.length > 3 ? 60 : 36 },
    yAxisProps: { allowDecimals: false, width: 48 },
    xAxisProps: { minTickGap: 16 },
  };
  if (props.kind === 'line') return <LineChart {...common} curveType="linear" withDots={false} />;
  if (props.kind === 'area') return <AreaChart {...common} type="stacked" withDots={false} />;
  return <BarChart {...common} type={props.stacked ? 'stacked' : 'default'} maxBarWidth={32} />;
}
