import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { COMPANY_USAGE_MONTHS } from '@portal/contract/reports/distributor-usage';
import { Fragment } from 'react';
import { TableSkeleton } from '../../../components/page/page-skeleton';
import { errorMessage } from '../../../lib/api-error';
import { formatCents } from '../../../lib/money';
import { companyUsageQuery } from './api';
import { monthLabel } from './months';
import { UsageItems } from './usage-items';

/** The company dialog's Reports tab (admins, customers): the company's usage in each of the last 12 months. */
export function CompanyUsageTab({ companyId }: { companyId: number }) {
  const { data, error } = companyUsageQuery.useQuery({ id: companyId });
  if (error) {
    return (
      <Alert color="red" role="alert" title="Could not load the usage by month">
        {errorMessage(error)}
      </Alert>
    );
  }
  if (!data) return <TableSkeleton label="Loading usage by month" rows={6} columns={2} />;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Usage by month
      </Title>
      <Text size="sm" c="dimmed">
        The last {COMPANY_USAGE_MONTHS} months, newest first; charge days in Pacific/Auckland.
      </Text>
      <Table fz="sm" verticalSpacing={4} aria-label="Usage by month">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            <Table.Th ta="right">Usage</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.months.map((month) => (
            <Fragment key={month.yearmonth}>
              <Table.Tr>
                <Table.Td>{monthLabel(month.yearmonth)}</Table.Td>
                <Table.Td ta="right">{formatCents(month.usage_total_cents)}</Table.Td>
              </Table.Tr>
              {month.items.length > 0 && (
                <Table.Tr>
                  <Table.Td colSpan={2} pt={0}>
                    <UsageItems items={month.items} label={`Items of ${monthLabel(month.yearmonth)}`} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
