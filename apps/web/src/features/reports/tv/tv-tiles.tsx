import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { TvDailyStats } from '@portal/contract/reports/tv';
import { lazy, Suspense } from 'react';
import { formatCount, formatDay, formatStorage } from './tv-format';

const TvSparkline = lazy(() => import('./tv-sparkline'));

const TILES = [
  { label: 'Active partners', pick: (d: TvDailyStats) => d.active_partner_count, format: formatCount },
  { label: 'Active devices', pick: (d: TvDailyStats) => d.device_count, format: formatCount },
  { label: 'Total storage', pick: (d: TvDailyStats) => d.storage_amount_total, format: formatStorage },
] as const;

/**
 * Each tile's figure on the latest complete day, large and named by its day (the server's window ends yesterday,
 * as today's stats are still arriving), over its 60 days.
 */
export function TvTiles({ days }: { days: TvDailyStats[] }) {
  const latest = days.at(-1);
  return (
    <SimpleGrid cols={3} spacing="xl">
      {TILES.map((tile) => (
        <Paper key={tile.label} p="lg" radius="md" bg="dark.6" withBorder>
          <Text fz={28} c="gray.4">
            {tile.label}
          </Text>
          <Text fz={64} fw={700} lh={1.1} c="white" data-testid={`tv-tile-${tile.label}`}>
            {latest ? tile.format(tile.pick(latest)) : '–'}
          </Text>
          {latest ? (
            <Text fz={22} c="gray.4" data-testid={`tv-tile-day-${tile.label}`}>
              on {formatDay(latest.date)}
            </Text>
          ) : null}
          <Suspense fallback={<Skeleton h={90} />}>
            <TvSparkline values={days.map(tile.pick)} label={tile.label} />
          </Suspense>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
