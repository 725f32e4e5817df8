import '@mantine/charts/styles.layer.css';
import { Sparkline } from '@mantine/charts';

/** A tile's line over the 60 days; this module (and the charts library) loads only once the wall has figures. */
export default function TvSparkline({ values, label }: { values: number[]; label: string }) {
  return (
    <div role="img" aria-label={`${label} over the last ${values.length} days`}>
      <Sparkline h={90} data={values} curveType="monotone" color="teal.4" fillOpacity={0.35} strokeWidth={3} />
    </div>
  );
}
