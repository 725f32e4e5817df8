import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import type { CompanyState } from '@portal/contract/shared/fields';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { firstPageQuery, listPageQueryOptions } from '../../../components/data-table/list-source';
import { adminCompanyListSource, companyDetailQueryOptions } from '../api';
import { type AdminCompanyRestrict, COMPANY_TABS, CURRENT_TAB, type CompanyTab, tabCount, tabFor } from '../company-tabs';
import { adminCompanyColumns } from './admin-company-columns';
import { CompanyDialog } from './company-dialog/company-dialog';
import { NewCompanyDialog } from './new-company/new-company-dialog';

const PAGE_SIZE = 50;
// The name column sorts by its accessor.
const DEFAULT_SORT = { accessor: 'company_name', direction: 'asc' } as const;

/** The page of companies the tab for `restrict` opens with, for the route to preload. */
export function firstAdminCompaniesPage(restrict: AdminCompanyRestrict | undefined) {
  const query = firstPageQuery(PAGE_SIZE, { key: DEFAULT_SORT.accessor, direction: DEFAULT_SORT.direction });
  return listPageQueryOptions(adminCompanyListSource(tabFor(restrict).states), query);
}

type StateCounts = Partial<Record<CompanyState, number>>;

interface AdminCompanyTableProps {
  tab: CompanyTab;
  onCounts: (counts: StateCounts) => void;
  onOpen: (id: number) => void;
  onIntent: (id: number) => void;
}

function AdminCompanyTable({ tab, onCounts, onOpen, onIntent }: AdminCompanyTableProps) {
  const columns = useMemo(() => adminCompanyColumns(onOpen, onIntent), [onOpen, onIntent]);
  return (
    <DataTable
      label="Companies"
      source={adminCompanyListSource(tab.states)}
      columns={columns}
      storageKey="admin-companies"
      defaultPageSize={PAGE_SIZE}
      defaultSort={DEFAULT_SORT}
      onData={(output) => onCounts(output.count_in_state)}
    />
  );
}

interface AdminCompaniesPageProps {
  restrict: AdminCompanyRestrict | undefined;
  onRestrictChange: (restrict: AdminCompanyRestrict | undefined) => void;
  /** The signed-in user's email; absent in tests of the list alone. */
  currentEmail?: string;
  /** Only admins edit companies; other staff see the list. */
  canEdit?: boolean;
}

export function AdminCompaniesPage({ restrict, onRestrictChange, currentEmail = '', canEdit = false }: AdminCompaniesPageProps) {
  const [counts, setCounts] = useState<StateCounts>();
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const active = tabFor(restrict);
  const queryClient = useQueryClient();
  // Pointing at a company already loads what its dialog shows.
  const preloadCompany = useCallback((id: number) => void queryClient.prefetchQuery(companyDetailQueryOptions('admin', id)), [queryClient]);

  const change = (value: string | null) => {
    const tab = COMPANY_TABS.find((item) => item.value === value);
    if (tab) onRestrictChange(tab.value === CURRENT_TAB ? undefined : tab.value);
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Companies</Title>
        {canEdit && <Button onClick={() => setCreating(true)}>New Company</Button>}
      </Group>
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
            <AdminCompanyTable tab={tab} onCounts={setCounts} onOpen={setOpenId} onIntent={preloadCompany} />
          </Tabs.Panel>
        ))}
      </Tabs>
      {openId !== null && (
        <CompanyDialog companyId={openId} viewer="admin" currentEmail={currentEmail} viewOnly={!canEdit} onClose={() => setOpenId(null)} />
      )}
      {creating && <NewCompanyDialog viewer="admin" onClose={() => setCreating(false)} onCreated={setOpenId} />}
    </Stack>
  );
}
