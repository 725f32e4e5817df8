import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { TvDailyStats } from '@portal/contract/reports/tv';
import { lazy, Suspense } from 'react';
import { formatCount, formatStorage } from './tv-format';

const TvSparkline = lazy(() => import('./tv-sparkline'));

const TILES = [
  { label: 'Active partners', pick: (d: TvDailyStats) => d.active_partner_count, format: formatCount },
  { label: 'Active devices', pick: (d: TvDailyStats) => d.device_count, format: formatCount },
  { label: 'Total storage', pick: (d: TvDailyStats) => d.storage_amount_total, format: formatStorage },
] as const;

/** Today's figure of each tile, large, over its 60 days. */
export function TvTiles({ days }: { days: TvDailyStats[] }) {
  const today = days.at(-1);
  return (
    <SimpleGrid cols={3} spacing="xl">
      {TILES.map((tile) => (
        <Paper key={tile.label} p="lg" radius="md" bg="dark.6" withBorder>
          <Text fz={28} c="gray.4">
            {tile.label}
          </Text>
          <Text fz={64} fw={700} lh={1.1} c="white" data-testid={`tv-tile-${tile.label}`}>
            {today ? tile.format(tile.pick(today)) : '–'}
          </Text>
          <Suspense fallback={<Skeleton h={90} />}>
            <TvSparkline values={days.map(tile.pick)} label={tile.label} />
          </Suspense>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
