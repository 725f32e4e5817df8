import { Stack, Text } from '@mantine/core';
import type { UsageRow } from '@portal/contract/billing/usage';
import { formatCents } from '../../../../lib/money';

/** What of a charge no pack paid: the balance went below zero for it, and the next credit settles it. */
export function unpaidCents(row: Pick<UsageRow, 'usage' | 'topup_deductions'>): number {
  const paid = row.topup_deductions.reduce((sum, deduction) => sum + deduction.topup_amount_deducted, 0);
  return Math.max(0, row.usage.amount_used - paid);
}

/** 'Packs Used': which packs paid a charge and how much each, in the order they paid, and any part left unpaid. */
export function PacksUsed({ row }: { row: Pick<UsageRow, 'usage' | 'topup_deductions'> }) {
  const unpaid = unpaidCents(row);
  return (
    <Stack gap={0}>
      {row.topup_deductions.map((deduction, index) => (
        // A charge may take twice from packs of the same name; the order is the payment order.
        // biome-ignore lint/suspicious/noArrayIndexKey: deductions have no id and never reorder.
        <Text key={index} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {deduction.topup_name}: {formatCents(deduction.topup_amount_deducted)}
        </Text>
      ))}
      {unpaid > 0 && (
        <Text size="sm" c="var(--mantine-color-error)" style={{ whiteSpace: 'nowrap' }}>
          Unpaid: {formatCents(unpaid)}
        </Text>
      )}
    </Stack>
  );
}
