import { Alert, Card, Group, NativeSelect, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { BALANCE_HISTORY_DAYS } from '@portal/contract/billing/summary';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { TableSkeleton } from '../../../../components/page/page-skeleton';
import { errorMessage } from '../../../../lib/api-error';
import { formatCents } from '../../../../lib/money';
import { dashboardQueries } from '../../api/dashboard';
import { useWhenVisible } from '../../hooks/use-when-visible';
import { type BalanceDay, balanceChartPoints, latestChargedDay } from '../../lib/runway';
import { SERVICE_KIND_LABEL } from '../../lib/service-kinds';
import { ScrollTable } from '../../../../components/table/scroll-table';
import { PacksUsed } from '../usage/packs-used';
import { HeadingPlaceholder } from './card-heading';

const BalanceChart = lazy(() => import('./balance-chart'));

/** The chart's height, legend included; its placeholder takes the same, so nothing moves when it draws. */
export const CHART_HEIGHT = 240;

/** The Day picker and the day's charges while the history loads: the shape they take once loaded. */
function DaySkeleton() {
  return (
    <Stack gap="sm" aria-hidden>
      <Stack gap={4}>
        <Skeleton h={14} w={32} radius="sm" />
        <Skeleton h={36} w={{ base: '100%', xs: 240 }} radius="sm" />
      </Stack>
      <Skeleton h={14} w="80%" radius="sm" />
      <TableSkeleton label="Loading the day's charges" rows={2} columns={3} />
    </Stack>
  );
}

/** The whole card while the figures that decide whether it shows are still loading. */
export function LedgerCardSkeleton() {
  return (
    <Card>
      <Stack gap="sm">
        <HeadingPlaceholder>
          <Title order={2} size="h3">
            Balance over {BALANCE_HISTORY_DAYS} days
          </Title>
        </HeadingPlaceholder>
        <div role="status" aria-label="Loading the balance history" aria-busy="true">
          <Stack gap="sm">
            <Skeleton h={CHART_HEIGHT} radius="sm" aria-hidden />
            <DaySkeleton />
          </Stack>
        </div>
      </Stack>
    </Card>
  );
}

/** The charges of one day and the packs that paid each. */
function DayDetail({ day }: { day: BalanceDay }) {
  const { data, error } = useQuery(dashboardQueries.usageOfDay(day.date));
  return (
    <Stack gap="xs">
      <Text size="sm">
        {day.date}: charged {formatCents(day.charged)}
        {day.credited > 0 ? `, credited ${formatCents(day.credited)}` : ''}; balance at the end of the day {formatCents(day.balance)}.
      </Text>
      {error && (
        <Alert color="red" role="alert" title="Could not load the day's charges">
          {errorMessage(error)}
        </Alert>
      )}
      {!data && !error && <TableSkeleton label="Loading the day's charges" rows={3} columns={3} />}
      {data &&
        (data.rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing was charged on this day.
          </Text>
        ) : (
          <ScrollTable label={`Charges on ${day.date}`}>
            <Table verticalSpacing={6} fz="sm" miw={420}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Service</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Packs used</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      {SERVICE_KIND_LABEL[row.type]}
                      {row.details ? (
                        <Text size="xs" c="dimmed">
                          {row.details}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td ta="right">{formatCents(row.usage.amount_used)}</Table.Td>
                    <Table.Td>
                      <PacksUsed row={row} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        ))}
    </Stack>
  );
}

/**
 * The readable ledger: the balance over the last 90 days with the runway forecast, and for a day chosen on
 * the chart or in the list, what was charged and which packs paid.
 */
export function LedgerCard({ estimatedWeeklyCents }: { estimatedWeeklyCents: number }) {
  const { data, error } = useQuery(dashboardQueries.history());
  const days = data?.days ?? [];
  const points = useMemo(() => balanceChartPoints(days, estimatedWeeklyCents), [days, estimatedWeeklyCents]);
  const [picked, setPicked] = useState<string | null>(null);
  // The newest day with a charge, until one is chosen.
  const day = days.find((d) => d.date === picked) ?? latestChargedDay(days);
  const forecastDays = points.filter((point) => point.balance === undefined).length;
  // The charts library is the largest script on the page: it loads once the rest of the page has settled
  // and the chart is near the viewport, not with the page's first wave.
  const [chartSlot, chartWanted] = useWhenVisible<HTMLDivElement>();

  return (
    <Card>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Balance over {BALANCE_HISTORY_DAYS} days
        </Title>
        {error ? (
          <Alert color="red" role="alert" title="Could not load the balance history">
            {errorMessage(error)}
          </Alert>
        ) : !data ? (
          <div role="status" aria-label="Loading the balance history" aria-busy="true">
            <Stack gap="sm">
              <Skeleton h={CHART_HEIGHT} radius="sm" aria-hidden />
              <DaySkeleton />
            </Stack>
          </div>
        ) : (
          <>
            <figure
              style={{ margin: 0 }}
              aria-label={`Balance chart: ${formatCents(days.at(-1)?.balance ?? 0)} on ${days.at(-1)?.date ?? 'the last day'}${
                forecastDays > 0 ? `, forecast to last ${forecastDays} more days at the recent rate` : ''
              }. Choose a day below for its charges.`}
            >
              <div ref={chartSlot} style={{ height: CHART_HEIGHT }}>
                {chartWanted ? (
                  <Suspense fallback={<Skeleton h={CHART_HEIGHT} radius="sm" />}>
                    <BalanceChart points={points} onPickDay={setPicked} height={CHART_HEIGHT} />
                  </Suspense>
                ) : (
                  <Skeleton h={CHART_HEIGHT} radius="sm" />
                )}
              </div>
            </figure>
            {day && (
              <>
                <Group gap="sm" align="flex-end">
                  <NativeSelect
                    label="Day"
                    value={day.date}
                    onChange={(event) => setPicked(event.currentTarget.value)}
                    data={[...days].reverse().map((d) => ({ value: d.date, label: `${d.date} · ${formatCents(d.charged)}` }))}
                    w={{ base: '100%', xs: 240 }}
                  />
                </Group>
                <DayDetail day={day} />
              </>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
