import { Badge, Button, Group, Stack, Tabs, Title } from '@mantine/core';
import type { distributorListCompanies } from '@portal/contract/companies/company-lookups';
import type { DataTableColumn } from 'mantine-datatable';
import { companyNameColumn } from './company-name-column';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { firstPageQuery, listPageQueryOptions, type RowOf } from '../../../components/data-table/list-source';
import { COMPANY_STATE_COLOR, COMPANY_STATE_LABEL } from '../api/company-states';
import { formatDate } from '../../../lib/dates';
import { companyDetailQueryOptions, distributorCompanyListSource, type DistributorRestrict } from '../api';
import { CompanyDialog } from './company-dialog/company-dialog';
import { NewCompanyDialog } from './new-company/new-company-dialog';

type SubAccountRow = RowOf<typeof distributorListCompanies>;

const PAGE_SIZE = 25;
// The name column sorts by its accessor.
const DEFAULT_SORT = { accessor: 'company_name', direction: 'asc' } as const;

/** The page of sub-accounts the tab for `restrict` opens with, for the route to preload. */
export function firstSubAccountsPage(restrict: DistributorRestrict) {
  const query = firstPageQuery(PAGE_SIZE, { key: DEFAULT_SORT.accessor, direction: DEFAULT_SORT.direction });
  return listPageQueryOptions(distributorCompanyListSource(restrict), query);
}

/** sortKey values are the contract's DISTRIBUTOR_COMPANY_ORDER. */
function subAccountColumns(onOpen: (id: number) => void, onIntent: (id: number) => void): DataTableColumn<SubAccountRow>[] {
  return [
    companyNameColumn<SubAccountRow>(onOpen, onIntent),
    { accessor: 'primary_email', title: 'Primary email' },
    {
      accessor: 'current_state',
      title: 'State',
      sortable: true,
      sortKey: 'current_state',
      render: (row) => <Badge color={COMPANY_STATE_COLOR[row.current_state]}>{COMPANY_STATE_LABEL[row.current_state]}</Badge>,
    },
    { accessor: 'plan_id', title: 'Plan' },
    {
      accessor: 'trial_expires_at',
      title: 'Trial ends',
      sortable: true,
      sortKey: 'trial_expires_at',
      render: (row) => (row.trial_expires_at ? formatDate(row.trial_expires_at) : ''),
    },
    { accessor: 'created_at', title: 'Created', sortable: true, sortKey: 'created_at', render: (row) => formatDate(row.created_at) },
  ];
}

interface DistributorCompaniesPageProps {
  restrict: DistributorRestrict;
  onRestrictChange: (restrict: DistributorRestrict) => void;
  currentEmail: string;
  /** Shown above the tabs, e.g. the signed-in company's summary. */
  header?: ReactNode;
}

export function DistributorCompaniesPage({ restrict, onRestrictChange, currentEmail, header }: DistributorCompaniesPageProps) {
  const [trialCount, setTrialCount] = useState<number>();
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const queryClient = useQueryClient();
  // Pointing at a sub-account already loads what its dialog shows.
  const columns = useMemo(
    () => subAccountColumns(setOpenId, (id) => void queryClient.prefetchQuery(companyDetailQueryOptions('distributor', id))),
    [queryClient],
  );

  const table = (value: DistributorRestrict) => (
    <DataTable
      label="Sub-accounts"
      source={distributorCompanyListSource(value)}
      columns={columns}
      storageKey="distributor-companies"
      defaultPageSize={PAGE_SIZE}
      defaultSort={DEFAULT_SORT}
      onData={(output) => setTrialCount(output.trial_count)}
    />
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Sub-Accounts</Title>
        <Button onClick={() => setCreating(true)}>New Sub-Account</Button>
      </Group>
      {header}
      <Tabs value={restrict} onChange={(value) => (value === 'all' || value === 'trial') && onRestrictChange(value)} keepMounted={false}>
        <Tabs.List aria-label="Sub-account filter">
          <Tabs.Tab value="all">All</Tabs.Tab>
          <Tabs.Tab value="trial" rightSection={trialCount === undefined ? null : <Badge size="sm">{trialCount}</Badge>}>
            Trial
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="all" pt="md">
          {table('all')}
        </Tabs.Panel>
        <Tabs.Panel value="trial" pt="md">
          {table('trial')}
        </Tabs.Panel>
      </Tabs>
      {openId !== null && (
        <CompanyDialog companyId={openId} viewer="distributor" currentEmail={currentEmail} onClose={() => setOpenId(null)} />
      )}
      {creating && <NewCompanyDialog viewer="distributor" onClose={() => setCreating(false)} onCreated={setOpenId} />}
    </Stack>
  );
}
