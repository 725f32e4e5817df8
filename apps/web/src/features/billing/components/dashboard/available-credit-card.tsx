import { Alert, Button, Card, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { CREDIT_PACK_PAGE_SIZE } from '@portal/contract/billing/credit-packs';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api-error';
import { formatCents } from '../../../../lib/money';
import { creditPacksKey, fetchAllCreditPacks } from '../../api';
import { dashboardQueries } from '../../api/dashboard';
import { balanceBarPercent } from '../../lib/figures';
import { CreditPackItem, CreditPackItemSkeleton } from './credit-pack-item';
import { CardHeading, HeadingPlaceholder } from './card-heading';

/** The balance and the bar under it (spec-2 §9: dollars ÷ 5 as a percent, so $500 fills it). */
export function BalanceFigure({ balance }: { balance: number }) {
  return (
    <Stack gap={6}>
      <Text fz={28} fw={600} lh={1.2} c={balance < 0 ? 'var(--mantine-color-error)' : undefined}>
        {formatCents(balance)}
      </Text>
      <Progress value={balanceBarPercent(balance)} size="md" aria-label="Balance" color={balance < 500 ? 'orange' : undefined} />
    </Stack>
  );
}

/** A first page of packs and the line under it, as the loaded list draws them, so the cards below stay put. */
function CreditPackListSkeleton() {
  return (
    <div role="status" aria-label="Loading credit packs" aria-busy="true">
      <Stack gap={0} aria-hidden>
        {Array.from({ length: CREDIT_PACK_PAGE_SIZE }, (_, i) => i).map((i) => (
          <CreditPackItemSkeleton key={i} />
        ))}
        <Group justify="space-between" gap="xs" pt="xs" style={{ borderTop: '1px solid var(--app-color-border)' }}>
          <Skeleton h={12} w={96} radius="sm" />
          <Skeleton h={30} w={160} radius="sm" />
        </Group>
      </Stack>
    </div>
  );
}

/** The credit packs, 5 at a time (Load more), or all of them (Load all). */
function CreditPackList() {
  const [all, setAll] = useState(false);
  const pages = useInfiniteQuery({ ...dashboardQueries.packPages(), enabled: !all });
  const everything = useQuery({ queryKey: creditPacksKey('all'), queryFn: ({ signal }) => fetchAllCreditPacks(signal), enabled: all });
  // While every pack loads, the pages already shown stay.
  const packs = all && everything.data ? everything.data.rows : (pages.data?.pages.flatMap((page) => page.rows) ?? []);
  const total = pages.data?.pages[0]?.total ?? everything.data?.total ?? 0;
  const error = pages.error ?? everything.error;

  if (error && packs.length === 0) {
    return (
      <Alert color="red" role="alert" title="Could not load the credit packs">
        {errorMessage(error)}
      </Alert>
    );
  }
  if (!pages.data && !everything.data) return <CreditPackListSkeleton />;
  if (total === 0) {
    return (
      <Text size="sm" c="dimmed">
        No credit packs yet. Credit you add appears here.
      </Text>
    );
  }
  const more = packs.length < total;
  return (
    <Stack gap={0}>
      <ul aria-label="Credit packs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {packs.map((pack) => (
          <li key={pack.id}>
            <CreditPackItem pack={pack} />
          </li>
        ))}
      </ul>
      <Group justify="space-between" gap="xs" pt="xs" style={{ borderTop: '1px solid var(--app-color-border)' }}>
        <Text size="xs" c="dimmed" aria-live="polite">
          Showing {packs.length} of {total}
        </Text>
        {more && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              loading={pages.isFetchingNextPage}
              disabled={all}
              onClick={() => void pages.fetchNextPage()}
            >
              Load more
            </Button>
            <Button size="xs" variant="subtle" loading={all && everything.isFetching} onClick={() => setAll(true)}>
              Load all
            </Button>
          </Group>
        )}
      </Group>
    </Stack>
  );
}

/** Spec-2 §2.8: the Available credit box, with its Add credit link and the paged credit packs. */
export function AvailableCreditCard({ balance }: { balance: number }) {
  return (
    <Card>
      <Stack gap="sm">
        <CardHeading title="Available credit" to="/topup" linkLabel="Add credit" />
        <BalanceFigure balance={balance} />
        <CreditPackList />
      </Stack>
    </Card>
  );
}

/** The card while the balance loads: its heading and the shapes of the balance and a page of packs. */
export function AvailableCreditCardSkeleton() {
  return (
    <Card>
      <Stack gap="sm">
        <HeadingPlaceholder>
          <CardHeading title="Available credit" to="/topup" linkLabel="Add credit" />
        </HeadingPlaceholder>
        <div role="status" aria-label="Loading your balance" aria-busy="true">
          <Stack gap={6} aria-hidden>
            <Text fz={28} fw={600} lh={1.2}>
              <Skeleton visible w={140} radius="sm" component="span" display="block">
                &nbsp;
              </Skeleton>
            </Text>
            <Progress value={0} size="md" />
          </Stack>
        </div>
        <CreditPackListSkeleton />
      </Stack>
    </Card>
  );
}
