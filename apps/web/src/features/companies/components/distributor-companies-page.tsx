import { Badge, Button, Stack, Tabs } from '@mantine/core';
import type { distributorListCompanies } from '@portal/contract/companies/company-lookups';
import type { DataTableColumn } from 'mantine-datatable';
import { companyNameColumn } from './company-name-column';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, memo, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { DotBadge } from '../../../components/data-table/table-cells';
import { listPageQueryOptions, type RowOf } from '../../../components/data-table/list-source';
import { listQueryOfSearch, type TableSearch } from '../../../components/data-table/table-search';
import { PageHeader } from '../../../components/page/page-header';
import { COMPANY_STATE_COLOR, COMPANY_STATE_LABEL } from '../api/company-states';
import { formatDate } from '../../../lib/dates';
import { companyDetailQueryOptions, distributorCompanyListSource, type DistributorRestrict } from '../api';
import { companyOpenerSelector, useOpenerFocus } from './use-opener-focus';

// The company dialog and the new-company dialog load when one is opened, not with the list.
const CompanyDialog = lazy(() => import('./company-dialog/company-dialog').then((m) => ({ default: m.CompanyDialog })));
const NewCompanyDialog = lazy(() => import('./new-company/new-company-dialog').then((m) => ({ default: m.NewCompanyDialog })));

type SubAccountRow = RowOf<typeof distributorListCompanies>;

const PAGE_SIZE = 25;
// The name column sorts by its accessor.
const DEFAULT_SORT = { accessor: 'company_name', direction: 'asc' } as const;

const NEW_SUB_ACCOUNT_LABEL = 'New sub-account';

/** The page of sub-accounts the URL asks for (tab, search, page, sort, page size), for the route to preload. */
export function firstSubAccountsPage(restrict: DistributorRestrict, search: TableSearch = {}) {
  const query = listQueryOfSearch(
    search,
    PAGE_SIZE,
    subAccountColumns(() => undefined),
    DEFAULT_SORT,
  );
  return listPageQueryOptions(distributorCompanyListSource(restrict), query);
}

/** sortKey values are the contract's DISTRIBUTOR_COMPANY_ORDER. */
function subAccountColumns(onOpen: (id: number) => void, onIntent?: (id: number) => void): DataTableColumn<SubAccountRow>[] {
  return [
    companyNameColumn<SubAccountRow>(onOpen, onIntent),
    { accessor: 'primary_email', title: 'Primary email' },
    {
      accessor: 'current_state',
      title: 'State',
      sortable: true,
      sortKey: 'current_state',
      render: (row) => <DotBadge color={COMPANY_STATE_COLOR[row.current_state]}>{COMPANY_STATE_LABEL[row.current_state]}</DotBadge>,
    },
    { accessor: 'plan_id', title: 'Plan' },
    {
      accessor: 'trial_expires_at',
      title: 'Trial ends',
      sortable: true,
      sortKey: 'trial_expires_at',
      noWrap: true,
      render: (row) => (row.trial_expires_at ? formatDate(row.trial_expires_at) : ''),
    },
    {
      accessor: 'created_at',
      title: 'Created',
      sortable: true,
      sortKey: 'created_at',
      noWrap: true,
      render: (row) => formatDate(row.created_at),
    },
  ];
}

interface SubAccountTableProps {
  restrict: DistributorRestrict;
  columns: DataTableColumn<SubAccountRow>[];
  search: TableSearch | undefined;
  onSearchChange: ((search: TableSearch) => void) | undefined;
  newButton: ReactNode;
  onTrialCount: (count: number) => void;
}

/**
 * Memoised: the page re-renders when the trial count arrives and when a dialog opens or closes, and none of
 * that changes the table's rows. Every prop is stable across those re-renders.
 */
const SubAccountTable = memo(function SubAccountTable({ restrict, columns, search, onSearchChange, newButton, onTrialCount }: SubAccountTableProps) {
  return (
    <DataTable
      label="Sub-accounts"
      source={distributorCompanyListSource(restrict)}
      columns={columns}
      storageKey="distributor-companies"
      defaultPageSize={PAGE_SIZE}
      defaultSort={DEFAULT_SORT}
      {...(search && onSearchChange ? { search, onSearchChange } : {})}
      emptyDescription={
        restrict === 'trial'
          ? 'No sub-account is on a trial. New sub-accounts start on one.'
          : `You have no sub-accounts yet. Create the first with ${NEW_SUB_ACCOUNT_LABEL}.`
      }
      emptyAction={restrict === 'all' ? newButton : undefined}
      onData={(output) => onTrialCount(output.trial_count)}
    />
  );
});

interface DistributorCompaniesPageProps {
  restrict: DistributorRestrict;
  onRestrictChange: (restrict: DistributorRestrict) => void;
  /** The table's search, page, sort and page size as the URL holds them; without, the table keeps them itself. */
  search?: TableSearch;
  onSearchChange?: (search: TableSearch) => void;
  currentEmail: string;
  /** Shown above the tabs, e.g. the signed-in company's summary. */
  header?: ReactNode;
}

export function DistributorCompaniesPage({
  restrict,
  onRestrictChange,
  search,
  onSearchChange,
  currentEmail,
  header,
}: DistributorCompaniesPageProps) {
  const [trialCount, setTrialCount] = useState<number>();
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const focus = useOpenerFocus();
  const queryClient = useQueryClient();
  const openCompany = useCallback(
    (id: number) => {
      focus.remember();
      setOpenId(id);
    },
    [focus],
  );
  // Pointing at a sub-account already loads what its dialog shows.
  const columns = useMemo(
    () => subAccountColumns(openCompany, (id) => void queryClient.prefetchQuery(companyDetailQueryOptions('distributor', id))),
    [queryClient, openCompany],
  );

  const newButton = useMemo(
    () => (
      <Button
        onClick={() => {
          focus.remember();
          setCreating(true);
        }}
      >
        {NEW_SUB_ACCOUNT_LABEL}
      </Button>
    ),
    [focus],
  );

  const table = (value: DistributorRestrict) => (
    <SubAccountTable
      restrict={value}
      columns={columns}
      search={search}
      onSearchChange={onSearchChange}
      newButton={newButton}
      onTrialCount={setTrialCount}
    />
  );

  return (
    <Stack gap={0}>
      <PageHeader
        title="Sub-accounts"
        description="The customer companies you manage. Open one to edit it, manage its users or convert its trial to paid."
        actions={newButton}
      />
      {header}
      <Tabs
        value={restrict}
        onChange={(value) => (value === 'all' || value === 'trial') && onRestrictChange(value)}
        keepMounted={false}
        mt={header ? 'lg' : 0}
      >
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
      <Suspense fallback={null}>
        {openId !== null && (
          <CompanyDialog
            companyId={openId}
            viewer="distributor"
            currentEmail={currentEmail}
            onClose={() => {
              setOpenId(null);
              focus.restore(companyOpenerSelector(openId));
            }}
          />
        )}
        {creating && (
          <NewCompanyDialog
            viewer="distributor"
            onClose={() => {
              setCreating(false);
              focus.restore();
            }}
            onCreated={(id) => {
              focus.handOver();
              setOpenId(id);
            }}
          />
        )}
      </Suspense>
    </Stack>
  );
}
