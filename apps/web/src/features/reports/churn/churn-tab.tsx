import { Skeleton, Stack, Table, Text } from '@mantine/core';
import { CHURN_REPORT_MONTHS, CHURN_WINDOW_DAYS } from '@portal/contract/reports/churn';
import { lazy, Suspense } from 'react';
import { formatDate } from '../../../lib/dates';
import { monthLabel, percentLabel, stateLabel } from './churn-format';
import { ReportSection } from './report-section';
import { ScrollTable } from '../../../components/table/scroll-table';
import { RevenueMovements } from './revenue-movements';

// The charts library is the largest script of the tab: it loads with the chart, after the tab's tables.
const PaidChurnChart = lazy(() => import('./paid-churn-chart'));

const CHART_HEIGHT = 260;

function PaidChurnByMonth() {
  return (
    <ReportSection
      id="admin_paid_churn_by_month"
      title="Paid Churn By Month"
      description={`Paid companies at the start of each of the last ${CHURN_REPORT_MONTHS} months (Pacific/Auckland) and those that went from ACTIVE to DELETED or SUSPENDED.`}
      empty={{ title: 'No paid companies yet', description: 'Churn shows here once companies have been ACTIVE.' }}
      isEmpty={(answer) => answer.rows.every((m) => m.paid_at_start === 0 && m.churned === 0)}
    >
      {({ rows }) => (
        <>
          <figure
            style={{ margin: 0 }}
            aria-label={`Paid churn per month: ${rows.map((m) => `${monthLabel(m.month)} ${m.churned}`).join(', ')}.`}
          >
            <Suspense
              fallback={
                <div role="status" aria-label="Loading the chart" aria-busy="true">
                  <Skeleton h={CHART_HEIGHT} radius="sm" aria-hidden />
                </div>
              }
            >
              <PaidChurnChart months={rows} height={CHART_HEIGHT} />
            </Suspense>
          </figure>
          <ScrollTable label="Paid churn by month" minWidth={560}>
            <Table striped aria-label="Paid churn by month">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Month</Table.Th>
                  <Table.Th ta="right">Paid at start</Table.Th>
                  <Table.Th ta="right">To DELETED</Table.Th>
                  <Table.Th ta="right">To SUSPENDED</Table.Th>
                  <Table.Th ta="right">Churn rate</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...rows].reverse().map((m) => (
                  <Table.Tr key={m.month}>
                    <Table.Td>
                      {monthLabel(m.month)}
                      {m.is_partial ? ' (so far)' : ''}
                    </Table.Td>
                    <Table.Td ta="right">{m.paid_at_start}</Table.Td>
                    <Table.Td ta="right">{m.churned_to_deleted}</Table.Td>
                    <Table.Td ta="right">{m.churned_to_suspended}</Table.Td>
                    <Table.Td ta="right">{percentLabel(m.churn_rate_percent)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </>
      )}
    </ReportSection>
  );
}

function PaidAccountChurn() {
  return (
    <ReportSection
      id="admin_paid_churn"
      title="Paid Account Churn"
      description={`Paid companies that left ACTIVE for DELETED or SUSPENDED in the last ${CHURN_REPORT_MONTHS} months, most recent first.`}
      empty={{ title: 'No paid churn', description: `No paid company has churned in the last ${CHURN_REPORT_MONTHS} months.` }}
    >
      {({ rows }) => (
        <ScrollTable label="Paid account churn" minWidth={640}>
          <Table striped aria-label="Paid account churn">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Company</Table.Th>
                <Table.Th>Churned</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>State now</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={`${r.company_id}-${r.churned_at}`}>
                  <Table.Td>{r.company_name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.churned_at)}</Table.Td>
                  <Table.Td>{r.to_state}</Table.Td>
                  <Table.Td>{r.reason || '—'}</Table.Td>
                  <Table.Td>{stateLabel(r.current_state)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </ReportSection>
  );
}

function TrialChurn() {
  return (
    <ReportSection
      id="admin_trial_churn"
      title="Trial Account Churn"
      description={`Trial accounts that fully churned (suspended, pending deletion or deleted without ever paying) in the past ${CHURN_WINDOW_DAYS} days. Days churned count from the end of the trial.`}
      empty={{ title: 'No trial churn', description: `No trial account has churned in the past ${CHURN_WINDOW_DAYS} days.` }}
    >
      {({ rows }) => (
        <ScrollTable label="Trial account churn" minWidth={560}>
          <Table striped aria-label="Trial account churn">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Company</Table.Th>
                <Table.Th ta="right">Days churned</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>Since</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.company_id}>
                  <Table.Td>{r.company_name}</Table.Td>
                  <Table.Td ta="right">{r.days_churned}</Table.Td>
                  <Table.Td>{r.latest_state_reason || '—'}</Table.Td>
                  <Table.Td>
                    {stateLabel(r.latest_state)}, {formatDate(r.latest_state_created_at)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </ReportSection>
  );
}

/** /reports?restrict=churn: paid churn by month and by account, trial churn, and revenue movements (decision 0058). */
export function ChurnTab() {
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Months are Pacific/Auckland calendar months. Definitions: decision 0058.
      </Text>
      <PaidChurnByMonth />
      <PaidAccountChurn />
      <TrialChurn />
      <RevenueMovements />
    </Stack>
  );
}
