import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { distributorUsageV2 } from '@portal/contract/reports/distributor-usage';
import type { CallOutput } from '@portal/contract/shared/define-call';
import { formatCents } from '../../../lib/money';
import { COMPANY_STATE_LABEL } from '../../companies/api/company-states';
import { UsageItems } from './usage-items';

type Report = CallOutput<typeof distributorUsageV2>;
type Row = Report['rows'][number];

/** The commission types in words: who pays for a sub-account's usage decides which figure it counts towards. */
export const COMMISSION_TYPE_LABEL: Record<Row['commission_type'], string> = {
  DIRECT: 'Direct (contract billing)',
  INDIRECT: 'Indirect (own credit)',
};

function Figure({ label, cents }: { label: string; cents: number }) {
  return (
    <Paper withBorder p="xs" role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{formatCents(cents)}</Text>
    </Paper>
  );
}

/** The month's totals: the discount on direct usage and the commission on indirect usage, storage excluded (decision 0061). */
export function UsageTotals({ report }: { report: Report }) {
  const { totals, rates } = report;
  return (
    <SimpleGrid cols={{ base: 2, md: 3 }} spacing="xs" role="group" aria-label="Totals">
      <Figure label="Direct usage" cents={totals.direct_usage_cents} />
      <Figure label="Direct storage (0%)" cents={totals.direct_storage_cents} />
      <Figure label={`Discount (${rates.discount_percent}%)`} cents={totals.discount_cents} />
      <Figure label="Indirect usage" cents={totals.indirect_usage_cents} />
      <Figure label="Indirect storage (0%)" cents={totals.indirect_storage_cents} />
      <Figure label={`Indirect commission (${rates.indirect_commission_percent}%)`} cents={totals.indirect_commission_cents} />
    </SimpleGrid>
  );
}

type MetadataField = 'custom_metadata_1' | 'custom_metadata_2' | 'custom_metadata_3';

/** The custom metadata columns: one per label the distributor has given (spec-2 §3 distributor settings). */
export function metadataColumns(
  report: Pick<Report, 'custom_metadata_1_label' | 'custom_metadata_2_label' | 'custom_metadata_3_label'>,
): { field: MetadataField; label: string }[] {
  const columns: { field: MetadataField; label: string }[] = [
    { field: 'custom_metadata_1', label: report.custom_metadata_1_label },
    { field: 'custom_metadata_2', label: report.custom_metadata_2_label },
    { field: 'custom_metadata_3', label: report.custom_metadata_3_label },
  ];
  return columns.filter((c) => c.label !== '');
}

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

function SubAccountName({ row }: { row: Row }) {
  return (
    <Group gap={6}>
      <Text size="sm" fw={600}>
        {row.company_name}
      </Text>
      <Badge size="xs" variant="light" color="gray">
        {COMPANY_STATE_LABEL[row.current_state]}
      </Badge>
    </Group>
  );
}

/** Sub-accounts without charges in the month: one collapsed line naming them, so the ones with usage stand out. */
function IdleSubAccounts({ rows, span }: { rows: Row[]; span: number }) {
  const count = rows.length === 1 ? '1 sub-account' : `${rows.length} sub-accounts`;
  return (
    <Table.Tbody>
      <Table.Tr>
        <Table.Td colSpan={span}>
          <details>
            <summary style={{ fontSize: 'var(--mantine-font-size-sm)' }}>{count} with no usage this month</summary>
            <Stack gap={4} mt={4}>
              {rows.map((row) => (
                <Group key={row.company_id} gap="md">
                  <SubAccountName row={row} />
                  <Text size="xs" c="dimmed">
                    {COMMISSION_TYPE_LABEL[row.commission_type]}
                  </Text>
                </Group>
              ))}
            </Stack>
          </details>
        </Table.Td>
      </Table.Tr>
    </Table.Tbody>
  );
}

/** One line per sub-account with its items and daily usage beneath (spec-2 §3 distributor usage row). */
export function UsageTable({ report }: { report: Report }) {
  const columns = metadataColumns(report);
  if (report.rows.length === 0) return <Text size="sm">No results found with that filter!</Text>;
  const used = report.rows.filter((row) => row.items.length > 0);
  const idle = report.rows.filter((row) => row.items.length === 0);
  const span = 4 + columns.length;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" fz="sm" aria-label="Sub-account usage">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sub-account</Table.Th>
            <Table.Th>Commission type</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.field}>{c.label}</Table.Th>
            ))}
            <Table.Th ta="right">Storage</Table.Th>
            <Table.Th ta="right">Usage</Table.Th>
          </Table.Tr>
        </Table.Thead>
        {used.map((row) => (
          <Table.Tbody key={row.company_id}>
            <Table.Tr>
              <Table.Td>
                <SubAccountName row={row} />
              </Table.Td>
              <Table.Td>{COMMISSION_TYPE_LABEL[row.commission_type]}</Table.Td>
              {columns.map((c) => (
                <Table.Td key={c.field}>{row[c.field]}</Table.Td>
              ))}
              <Table.Td ta="right">{formatCents(row.storage_total_cents)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatCents(row.usage_total_cents)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td colSpan={span} pt={0}>
                <Stack gap={4}>
                  <UsageItems items={row.items} label={`Items of ${row.company_name}`} />
                  <details>
                    <summary style={{ fontSize: 'var(--mantine-font-size-xs)' }}>Daily usage ({days(row.daily_usage.length)})</summary>
                    <Group gap="xs" mt={4}>
                      {row.daily_usage.map((d) => (
                        <Text key={d.day} size="xs">
                          {d.day}: {formatCents(d.charge_total_cents)}
                        </Text>
                      ))}
                    </Group>
                  </details>
                </Stack>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        ))}
        {idle.length > 0 ? <IdleSubAccounts rows={idle} span={span} /> : null}
      </Table>
    </Table.ScrollContainer>
  );
}
