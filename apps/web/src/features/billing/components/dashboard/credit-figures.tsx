import { Anchor, Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { CallOutput } from '@portal/contract/shared/define-call';
import type { creditSummary } from '@portal/contract/billing/summary';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatCents } from '../../../../lib/money';
import { daysRemainingText } from '../../lib/figures';

export type CreditSummary = CallOutput<typeof creditSummary>;

// Divs, not paragraphs: the loading row puts skeleton blocks where the text goes.
function Figure({ label, value, hint }: { label: ReactNode; value: ReactNode; hint?: ReactNode }) {
  return (
    <Card padding="md">
      <Stack gap={2}>
        <Text component="div" size="xs" c="dimmed" fw={500}>
          {label}
        </Text>
        <Text component="div" fz="lg" fw={600}>
          {value}
        </Text>
        {hint ? (
          <Text component="div" size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * The dashboard's row of figures: days of credit remaining (left out while unknown), the latest usage and
 * the device count.
 */
export function CreditFigures({ summary }: { summary: CreditSummary }) {
  const days = daysRemainingText(summary.days_remaining);
  return (
    <SimpleGrid cols={{ base: 1, xs: days ? 3 : 2 }} spacing="lg">
      {days && <Figure label="Credit remaining" value={days} hint={`At about ${formatCents(summary.estimated_weekly_cents)} a week`} />}
      <Figure
        label="Latest usage"
        value={summary.latest_usage ? formatCents(summary.latest_usage.amount_cents) : 'None yet'}
        hint={
          summary.latest_usage ? (
            <>
              On {summary.latest_usage.date} ·{' '}
              <Anchor component={Link} to="/full_usage_history" size="xs">
                Full usage history
              </Anchor>
            </>
          ) : (
            'Charges appear here from the first day of use.'
          )
        }
      />
      <Figure
        label="Devices online now"
        value={summary.device_count.toLocaleString('en-US')}
        hint={summary.booster_count > 0 ? `${summary.booster_count.toLocaleString('en-US')} boosters online now` : undefined}
      />
    </SimpleGrid>
  );
}

/** A line of text's exact height, drawn as a skeleton bar. */
function Placeholder({ width }: { width: string }) {
  return (
    <Skeleton visible w={width} radius="sm">
      &nbsp;
    </Skeleton>
  );
}

/**
 * The row of figures while the summary loads, built from the same cards and text sizes so that it takes
 * the loaded row's height and nothing under it moves.
 */
export function CreditFiguresSkeleton() {
  return (
    <div role="status" aria-label="Loading your credit" aria-busy="true">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg" aria-hidden>
        {[0, 1, 2].map((i) => (
          <Figure key={i} label={<Placeholder width="40%" />} value={<Placeholder width="60%" />} hint={<Placeholder width="80%" />} />
        ))}
      </SimpleGrid>
    </div>
  );
}
