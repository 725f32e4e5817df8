import { Alert, Grid, Stack, Tabs, Text } from '@mantine/core';
import { DISTRIBUTOR_USAGE_MESSAGES } from '@portal/contract/reports/distributor-usage';
import { useState } from 'react';
import { TableSkeleton } from '../../../components/page/page-skeleton';
import { PageHeader } from '../../../components/page/page-header';
import { errorMessage } from '../../../lib/api-error';
import { distributorUsageQuery } from './api';
import { currentMonth, monthLabel } from './months';
import { type UsageFilterValues, UsageFilters } from './usage-filters';
import { UsageTable, UsageTotals } from './usage-report';

/**
 * /reports_distributor (spec-2 §2.9): the Sub-Account Usage tab. A distributor reads its own report; an admin
 * picks the distributor and may set its commission percentages.
 */
export function DistributorUsagePage({ isAdmin, companyId }: { isAdmin: boolean; companyId: number }) {
  const [filters, setFilters] = useState<UsageFilterValues>({ yearmonth: currentMonth(), distributorId: isAdmin ? null : companyId });
  const id = filters.distributorId;
  const report = distributorUsageQuery.useQuery({ id: id ?? 0, yearmonth: filters.yearmonth }, { enabled: id !== null });
  const data = id === null ? undefined : report.data;
  return (
    <>
      <PageHeader title="Distributor reports" description="Sub-account usage by month, with the discount and commission it earns." />
      <Tabs value="usage">
        <Tabs.List mb="md">
          <Tabs.Tab value="usage">Sub-Account Usage</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="usage">
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 3 }}>
              <UsageFilters isAdmin={isAdmin} values={filters} onChange={setFilters} rates={data?.rates} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }}>
              {id === null ? (
                <Text size="sm">Choose a distributor to see its sub-accounts' usage.</Text>
              ) : report.error ? (
                <Alert color="red" role="alert" title={DISTRIBUTOR_USAGE_MESSAGES.failed}>
                  {errorMessage(report.error)}
                </Alert>
              ) : !data ? (
                <TableSkeleton label="Loading the report" rows={6} columns={6} />
              ) : (
                <Stack gap="md">
                  <Text size="sm" c="dimmed">
                    {data.distributor_name}, {monthLabel(data.yearmonth)}: {data.rows.length} sub-accounts.
                  </Text>
                  <UsageTotals report={data} />
                  <UsageTable report={data} />
                </Stack>
              )}
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
