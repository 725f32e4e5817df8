import { Table } from '@mantine/core';
import type { TicketStats7d, TvDailyStats } from '@portal/contract/reports/tv';
import { formatCount, formatDay, formatStorage } from './tv-format';

/** The latest complete day's figures (named by their day, as the tiles are) and the tickets now, one per row. */
export function TvCurrentStats({ latest, tickets }: { latest: TvDailyStats | undefined; tickets: TicketStats7d }) {
  const on = latest ? ` on ${formatDay(latest.date)}` : '';
  const rows: [string, string][] = [
    [`Devices${on}`, formatCount(latest?.device_count ?? 0)],
    [`Boosters${on}`, formatCount(latest?.booster_count ?? 0)],
    [`Active partners${on}`, formatCount(latest?.active_partner_count ?? 0)],
    [`Hosted consoles${on}`, formatCount(latest?.hosted_comet_v2_count ?? 0)],
    [`Customer portals${on}`, formatCount(latest?.cloudview_count ?? 0)],
    [`Storage${on}`, formatStorage(latest?.storage_amount_total ?? 0)],
    [`Storage accounts in use${on}`, formatCount(latest?.storage_active_count ?? 0)],
    ['Tickets opened (7 days)', formatCount(tickets.opened)],
    ['Tickets closed (7 days)', formatCount(tickets.closed)],
    ['Open tickets', formatCount(tickets.open_now)],
    ['Open critical tickets', formatCount(tickets.critical_open)],
  ];
  return (
    <Table fz={26} verticalSpacing={6} aria-label="Current stats">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Current stats</Table.Th>
          <Table.Th ta="right">Latest</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Td c="gray.3">{label}</Table.Td>
            <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
