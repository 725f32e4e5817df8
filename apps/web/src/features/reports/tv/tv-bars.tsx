import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';

export interface TvBarsProps {
  data: Record<string, string | number>[];
  dataKey: string;
  series: { name: string; label: string; color: string }[];
  format?: (value: number) => string;
}

const TICK = { fontSize: 18, fill: 'var(--mantine-color-gray-3)' };

/** A tab's chart, large enough to read across a room; loaded with the charts library, when a tab shows. */
export default function TvBars({ data, dataKey, series, format }: TvBarsProps) {
  return (
    <BarChart
      h={420}
      data={data}
      dataKey={dataKey}
      series={series}
      withLegend
      legendProps={{ verticalAlign: 'top', height: 48 }}
      tickLine="none"
      gridAxis="y"
      maxBarWidth={48}
      textColor="gray.3"
      // Ticks large enough to read across a room.
      xAxisProps={{ tick: TICK }}
      yAxisProps={{ tick: TICK, width: 96, ...(format ? { tickFormatter: format } : {}) }}
      {...(format ? { valueFormatter: format } : {})}
    />
  );
}
