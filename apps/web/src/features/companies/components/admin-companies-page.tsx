import { Button, Tabs } from '@mantine/core';
import type { CompanyState } from '@portal/contract/shared/fields';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, memo, Suspense, useCallback, useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { listPageQueryOptions } from '../../../components/data-table/list-source';
import { listQueryOfSearch, type TableSearch } from '../../../components/data-table/table-search';
import { PageHeader } from '../../../components/page/page-header';
import { adminCompanyListSource, companyDetailQueryOptions } from '../api';
import { type AdminCompanyRestrict, COMPANY_TABS, CURRENT_TAB, type CompanyTab, tabCount, tabFor } from '../company-tabs';
import { adminCompanyColumns } from './admin-company-columns';
import { companyOpenerSelector, useOpenerFocus } from './use-opener-focus';

// The company dialog and the new-company dialog load when one is opened, not with the list.
const CompanyDialog = lazy(() => import('./company-dialog/company-dialog').then((m) => ({ default: m.CompanyDialog })));
const NewCompanyDialog = lazy(() => import('./new-company/new-company-dialog').then((m) => ({ default: m.NewCompanyDialog })));

const PAGE_SIZE = 50;
// The name column sorts by its accessor.
const DEFAULT_SORT = { accessor: 'company_name', direction: 'asc' } as const;
const NEW_COMPANY_LABEL = 'New company';

/** The page of companies the URL asks for (tab, search, page, sort, page size), for the route to preload. */
export function firstAdminCompaniesPage(restrict: AdminCompanyRestrict | undefined, search: TableSearch = {}) {
  const query = listQueryOfSearch(
    search,
    PAGE_SIZE,
    adminCompanyColumns(() => undefined),
    DEFAULT_SORT,
  );
  return listPageQueryOptions(adminCompanyListSource(tabFor(restrict).states), query);
}

type StateCounts = Partial<Record<CompanyState, number>>;

interface AdminCompanyTableProps {
  tab: CompanyTab;
  canEdit: boolean;
  search: TableSearch | undefined;
  onSearchChange: ((search: TableSearch) => void) | undefined;
  onCounts: (counts: StateCounts) => void;
  onOpen: (id: number) => void;
  onIntent: (id: number) => void;
}

/**
 * Memoised: the page re-renders when the list's counts arrive (the tabs show them) and when a dialog opens or
 * closes, and none of that changes the table; re-rendering its 50 rows each time was most of the page's
 * main-thread work. Every prop is stable across those re-renders.
 */
const AdminCompanyTable = memo(function AdminCompanyTable({ tab, canEdit, search, onSearchChange, onCounts, onOpen, onIntent }: AdminCompanyTableProps) {
  const columns = useMemo(() => adminCompanyColumns(onOpen, onIntent), [onOpen, onIntent]);
  return (
    <DataTable
      label="Companies"
      source={adminCompanyListSource(tab.states)}
      columns={columns}
      storageKey="admin-companies"
      defaultPageSize={PAGE_SIZE}
      defaultSort={DEFAULT_SORT}
      {...(search && onSearchChange ? { search, onSearchChange } : {})}
      emptyDescription={
        tab.value === CURRENT_TAB
          ? `No company is in trial, active or suspended.${canEdit ? ` Create one with ${NEW_COMPANY_LABEL}.` : ''}`
          : `No company is ${tab.label.toLowerCase()} right now. The other tabs list the rest.`
      }
      onData={(output) => onCounts(output.count_in_state)}
    />
  );
});

interface AdminCompaniesPageProps {
  restrict: AdminCompanyRestrict | undefined;
  onRestrictChange: (restrict: AdminCompanyRestrict | undefined) => void;
  /** The table's search, page, sort and page size as the URL holds them; without, the table keeps them itself. */
  search?: TableSearch;
  onSearchChange?: (search: TableSearch) => void;
  /** The signed-in user's email; absent in tests of the list alone. */
  currentEmail?: string;
  /** Only admins edit companies; other staff see the list. */
  canEdit?: boolean;
}

export function AdminCompaniesPage({
  restrict,
  onRestrictChange,
  search,
  onSearchChange,
  currentEmail = '',
  canEdit = false,
}: AdminCompaniesPageProps) {
  const [counts, setCounts] = useState<StateCounts>();
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const focus = useOpenerFocus();
  const active = tabFor(restrict);
  const queryClient = useQueryClient();
  // Pointing at a company already loads what its dialog shows.
  const preloadCompany = useCallback((id: number) => void queryClient.prefetchQuery(companyDetailQueryOptions('admin', id)), [queryClient]);
  const openCompany = useCallback(
    (id: number) => {
      focus.remember();
      setOpenId(id);
    },
    [focus],
  );
  const closeCompany = (id: number) => {
    setOpenId(null);
    focus.restore(companyOpenerSelector(id));
  };

  const change = (value: string | null) => {
    const tab = COMPANY_TABS.find((item) => item.value === value);
    if (tab) onRestrictChange(tab.value === CURRENT_TAB ? undefined : tab.value);
  };

  return (
    <>
      <PageHeader
        title="Companies"
        description="Every customer, distributor and staff company. Open one to edit it, manage its users or change its state."
        actions={
          canEdit && (
            <Button
              onClick={() => {
                focus.remember();
                setCreating(true);
              }}
            >
              {NEW_COMPANY_LABEL}
            </Button>
          )
        }
      />
      <Tabs value={active.value} onChange={change} keepMounted={false}>
        <Tabs.List aria-label="Company states">
          {COMPANY_TABS.map((tab) => {
            const count = tabCount(tab, counts);
            return (
              <Tabs.Tab key={tab.value} value={tab.value}>
                {count === undefined ? tab.label : `${tab.label} (${count})`}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {COMPANY_TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">
            <AdminCompanyTable
              tab={tab}
              canEdit={canEdit}
              search={search}
              onSearchChange={onSearchChange}
              onCounts={setCounts}
              onOpen={openCompany}
              onIntent={preloadCompany}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
      <Suspense fallback={null}>
        {openId !== null && (
          <CompanyDialog
            companyId={openId}
            viewer="admin"
            currentEmail={currentEmail}
            viewOnly={!canEdit}
            onClose={() => closeCompany(openId)}
          />
        )}
        {creating && (
          <NewCompanyDialog
            viewer="admin"
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
    </>
  );
}
