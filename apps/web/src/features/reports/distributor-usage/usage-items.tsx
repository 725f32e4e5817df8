import { Table } from '@mantine/core';
import type { UsageItem } from '@portal/contract/reports/distributor-usage';
import { formatCents } from '../../../lib/money';
import { itemCount, itemLabel } from './item-labels';

/** A usage row's items (spec-2 §3): one line per service type and booster type. */
export function UsageItems({ items, label }: { items: UsageItem[]; label: string }) {
  return (
    <Table fz="xs" verticalSpacing={2} withRowBorders={false} layout="fixed" aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Item</Table.Th>
          <Table.Th>Plan</Table.Th>
          <Table.Th ta="right">Count</Table.Th>
          <Table.Th ta="right">Charges</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th ta="right">365 accounts</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={`${item.type}/${item.booster_type ?? ''}`}>
            <Table.Td>{itemLabel(item)}</Table.Td>
            <Table.Td>{item.plan_description}</Table.Td>
            <Table.Td ta="right">{itemCount(item)}</Table.Td>
            <Table.Td ta="right">{item.charge_count}</Table.Td>
            <Table.Td ta="right">{formatCents(item.charge_total_cents)}</Table.Td>
            <Table.Td ta="right">{item.booster_type === 'microsoft365' ? item.booster_365_account_count : '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
