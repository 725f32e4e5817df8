import { Table, Text } from '@mantine/core';
import { CHURN_REPORT_MONTHS } from '@portal/contract/reports/churn';
import { formatCents } from '../../../lib/money';
import { monthLabel, percentLabel } from './churn-format';
import { ReportSection } from './report-section';
import { ScrollTable } from '../../../components/table/scroll-table';

const COLUMNS = [
  ['starting_mrr', 'Starting MRR'],
  ['new_mrr', 'New'],
  ['expansion_mrr', 'Expansion'],
  ['contraction_mrr', 'Contraction'],
  ['churn_mrr', 'Churn'],
  ['reactivation_mrr', 'Reactivation'],
  ['ending_mrr', 'Ending MRR'],
] as const;

/** Revenue movements (beyond the spec): MRR per complete month from charged usage, and revenue churn. */
export function RevenueMovements() {
  return (
    <ReportSection
      id="admin_revenue_movements"
      title="Revenue Movements"
      description={
        <>
          MRR movements per company, month over month, for the last {CHURN_REPORT_MONTHS} complete months. These are{' '}
          <strong>charged usage</strong> (credit spent, normalised to 30-day months), not invoiced revenue or money received.
        </>
      }
      empty={{ title: 'No charged usage', description: 'Movements show here once companies have been charged for a month.' }}
      isEmpty={(answer) => answer.rows.every((m) => m.starting_mrr === 0 && m.ending_mrr === 0)}
    >
      {({ rows }) => (
        <>
          <ScrollTable label="Revenue movements" minWidth={960}>
            <Table striped aria-label="Revenue movements">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Month</Table.Th>
                  {COLUMNS.map(([key, label]) => (
                    <Table.Th key={key} ta="right">
                      {label}
                    </Table.Th>
                  ))}
                  <Table.Th ta="right">Gross revenue churn</Table.Th>
                  <Table.Th ta="right">Net revenue churn</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...rows].reverse().map((m) => (
                  <Table.Tr key={m.month}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{monthLabel(m.month)}</Table.Td>
                    {COLUMNS.map(([key]) => (
                      <Table.Td key={key} ta="right">
                        {formatCents(m[key])}
                      </Table.Td>
                    ))}
                    <Table.Td ta="right">{percentLabel(m.gross_revenue_churn_percent)}</Table.Td>
                    <Table.Td ta="right">{percentLabel(m.net_revenue_churn_percent)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Text size="xs" c="dimmed">
            Gross revenue churn = (churn + contraction) / starting MRR. Net revenue churn = (churn + contraction − expansion − reactivation)
            / starting MRR; below zero is net expansion.
          </Text>
        </>
      )}
    </ReportSection>
  );
}
