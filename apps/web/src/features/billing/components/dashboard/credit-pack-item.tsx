import { Badge, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import type { CreditPack } from '@portal/contract/billing/credit-packs';
import { formatDate } from '../../../../lib/dates';
import { formatCents } from '../../../../lib/money';
import { packDisplay, remainingCents, remainingPercent } from '../../lib/credit-packs';

/** The expiry in words: a date, or that it never expires. */
export function expiryText(pack: Pick<CreditPack, 'expiry_date'>, expired: boolean): string {
  if (pack.expiry_date === null) return 'Never expires';
  return `${expired ? 'Expired' : 'Expires'} ${formatDate(pack.expiry_date)}`;
}

/**
 * One credit pack as spec-2 §4 shows it: an expired pack has no bar, an empty one says so, any other shows
 * what is left as a bar.
 */
export function CreditPackItem({ pack, now }: { pack: CreditPack; now?: Date }) {
  const display = packDisplay(pack, now);
  const percent = remainingPercent(pack);
  return (
    <Stack gap={6} py="sm" style={{ borderTop: '1px solid var(--app-color-border)' }}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} truncate="end">
            {pack.name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatCents(pack.amount)} added {formatDate(pack.purchase_date)} · {expiryText(pack, display === 'expired')}
          </Text>
        </Stack>
        {display === 'expired' && (
          <Badge color="red" variant="dot" style={{ flexShrink: 0 }}>
            Expired
          </Badge>
        )}
        {display === 'empty' && (
          <Badge color="gray" variant="dot" style={{ flexShrink: 0 }}>
            Empty
          </Badge>
        )}
      </Group>
      {display === 'remaining' && (
        <Group gap="sm" wrap="nowrap">
          <Progress value={percent} size="sm" style={{ flex: 1 }} aria-label={`${pack.name}: ${percent}% remaining`} />
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatCents(remainingCents(pack))} left ({percent}%)
          </Text>
        </Group>
      )}
    </Stack>
  );
}

/** One pack's shape while the packs load: the same lines as a pack with credit left, as bars. */
export function CreditPackItemSkeleton() {
  return (
    <Stack gap={6} py="sm" style={{ borderTop: '1px solid var(--app-color-border)' }}>
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          <Skeleton visible w="50%" radius="sm" component="span" display="block">
            &nbsp;
          </Skeleton>
        </Text>
        <Text size="xs">
          <Skeleton visible w="80%" radius="sm" component="span" display="block">
            &nbsp;
          </Skeleton>
        </Text>
      </Stack>
      <Group gap="sm" wrap="nowrap">
        <Progress value={0} size="sm" style={{ flex: 1 }} />
        <Text size="xs">
          <Skeleton visible w={96} radius="sm" component="span" display="block">
            &nbsp;
          </Skeleton>
        </Text>
      </Group>
    </Stack>
  );
}
