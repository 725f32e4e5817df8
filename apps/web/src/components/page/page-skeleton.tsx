import { Card, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

interface SkeletonProps {
  /** What is loading, for screen readers ("Loading users"). */
  label: string;
}

/** Placeholder lines for a loading region: announced once as busy, its shapes hidden from screen readers. */
function Busy({ label, children }: SkeletonProps & { children: ReactNode }) {
  return (
    <div role="status" aria-label={label} aria-busy="true">
      <div aria-hidden>{children}</div>
    </div>
  );
}

interface TableSkeletonProps extends SkeletonProps {
  rows?: number;
  columns?: number;
}

/** A table's shape while its rows load: a header line and `rows` rows of `columns` cells. */
export function TableSkeleton({ label, rows = 5, columns = 4 }: TableSkeletonProps) {
  const cells = Array.from({ length: columns }, (_, i) => i);
  return (
    <Busy label={label}>
      <Stack gap={14} py="sm">
        <Group gap="lg" wrap="nowrap">
          {cells.map((c) => (
            <Skeleton key={c} h={10} radius="sm" style={{ flex: c === 0 ? 2 : 1 }} />
          ))}
        </Group>
        {Array.from({ length: rows }, (_, r) => r).map((r) => (
          <Group key={r} gap="lg" wrap="nowrap">
            {cells.map((c) => (
              <Skeleton key={c} h={14} radius="sm" style={{ flex: c === 0 ? 2 : 1 }} />
            ))}
          </Group>
        ))}
      </Stack>
    </Busy>
  );
}

interface CardSkeletonProps extends SkeletonProps {
  lines?: number;
}

/** A card's shape while its content loads: a heading line and a few text lines. */
export function CardSkeleton({ label, lines = 3 }: CardSkeletonProps) {
  return (
    <Busy label={label}>
      <Card>
        <Stack gap="sm">
          <Skeleton h={16} w="40%" radius="sm" />
          {Array.from({ length: lines }, (_, i) => i).map((i) => (
            <Skeleton key={i} h={12} w={i === lines - 1 ? '60%' : '100%'} radius="sm" />
          ))}
        </Stack>
      </Card>
    </Busy>
  );
}

/** A whole page's shape (title, then cards) while a route's data loads. */
export function PageSkeleton({ label, cards = 2 }: SkeletonProps & { cards?: number }) {
  return (
    <Busy label={label}>
      <Stack gap="xl">
        <Stack gap={8}>
          <Skeleton h={26} w={220} radius="sm" />
          <Skeleton h={12} w={320} maw="100%" radius="sm" />
        </Stack>
        <SimpleGrid cols={{ base: 1, md: cards }} spacing="lg">
          {Array.from({ length: cards }, (_, i) => i).map((i) => (
            <Card key={i}>
              <Stack gap="sm">
                <Skeleton h={16} w="40%" radius="sm" />
                <Skeleton h={12} radius="sm" />
                <Skeleton h={12} w="70%" radius="sm" />
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Busy>
  );
}
