import { Button, Card, Stack, Text, Title } from '@mantine/core';
import type { CompanyState } from '@portal/contract/shared/fields';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from '@tanstack/react-router';
import { DataTable } from '../../../components/data-table/data-table';
import type { RowOf } from '../../../components/data-table/list-source';
import { EmptyState } from '../../../components/page/empty-state';
import { PageHeader } from '../../../components/page/page-header';
import { formatDate } from '../../../lib/dates';
import { formatCents } from '../../../lib/money';
import type { listEligibleTrialRefunds, listTrialRefundHistory } from '@portal/contract/billing/trial-refunds';
import { trialRefundsSource, trialUsersSource } from '../api';
import { guaranteeText } from './dashboard/prompts';

type EligibleRow = RowOf<typeof listEligibleTrialRefunds>;
type RefundRow = RowOf<typeof listTrialRefundHistory>;

const nowrap = () => ({ whiteSpace: 'nowrap' }) as const;

const ELIGIBLE_COLUMNS: DataTableColumn<EligibleRow>[] = [
  { accessor: 'username', title: 'User' },
  {
    accessor: 'days_remaining_trial',
    title: 'Days left',
    textAlign: 'right',
    render: (row) => (row.days_remaining_trial === 1 ? '1 day' : `${row.days_remaining_trial} days`),
    cellsStyle: nowrap,
  },
  { accessor: 'trial_end_time', title: 'Window ends', render: (row) => formatDate(row.trial_end_time), cellsStyle: nowrap },
  { accessor: 'amount', title: 'Charged so far', textAlign: 'right', render: (row) => formatCents(row.amount) },
];

const REFUND_COLUMNS: DataTableColumn<RefundRow>[] = [
  { accessor: 'purchase_date', title: 'Refunded on', render: (row) => formatDate(row.purchase_date), cellsStyle: nowrap },
  { accessor: 'refunded_users', title: 'Users', render: (row) => row.refunded_users.join(', ') },
  { accessor: 'amount', title: 'Amount', textAlign: 'right', render: (row) => formatCents(row.amount) },
];

interface TrackNewUsersPageProps {
  state: CompanyState;
  /** customer_trial_length_days: the guarantee window. */
  windowDays: number;
}

/**
 * /track_new_users (spec-2 §2.10): an active account sees its new users still inside the guarantee window
 * and the refunds made so far; any other account is told how the guarantee works and offered to add credit.
 */
export function TrackNewUsersPage({ state, windowDays }: TrackNewUsersPageProps) {
  const description = `${guaranteeText(windowDays)} Refunds are credited every Sunday.`;
  if (state !== 'ACTIVE') {
    return (
      <>
        <PageHeader title="Track new users" description="Follow the new users covered by the new-user guarantee." />
        <Card>
          <EmptyState
            title="The new-user guarantee starts with your paid account"
            description={`${description} Add credit to start using it.`}
            action={
              <Button component={Link} to="/topup">
                Add credit
              </Button>
            }
          />
        </Card>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Track new users" description={description} />
      <Stack gap="lg">
        <Card>
          <Stack gap="sm">
            <Title order={2} size="h3">
              Active new users
            </Title>
            <Text size="sm" c="dimmed">
              Delete one of these users before its window ends and what it was charged comes back as credit.
            </Text>
            <DataTable
              label="Active new users"
              source={trialUsersSource()}
              columns={ELIGIBLE_COLUMNS}
              defaultPageSize={20}
              searchable={false}
              idAccessor="username"
              emptyText="No new users in the window"
              emptyDescription={`Users you add appear here for their first ${windowDays} days.`}
            />
          </Stack>
        </Card>
        <Card>
          <Stack gap="sm">
            <Title order={2} size="h3">
              New user refunds
            </Title>
            <DataTable
              label="New user refunds"
              source={trialRefundsSource()}
              columns={REFUND_COLUMNS}
              defaultPageSize={20}
              searchable={false}
              emptyText="No refunds yet"
              emptyDescription="Charges of new users deleted within the window are refunded here every week."
            />
          </Stack>
        </Card>
      </Stack>
    </>
  );
}
