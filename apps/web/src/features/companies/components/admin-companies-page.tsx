import { Stack, Tabs, Title } from '@mantine/core';
import type { CompanyState } from '@portal/contract/shared/fields';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { adminCompanyListSource } from '../api/admin-company-list';
import { type AdminCompanyRestrict, COMPANY_TABS, CURRENT_TAB, type CompanyTab, tabCount, tabFor } from '../company-tabs';
import { ADMIN_COMPANY_COLUMNS } from './admin-company-columns';

const PAGE_SIZE = 50;

type StateCounts = Partial<Record<CompanyState, number>>;

function AdminCompanyTable({ tab, onCounts }: { tab: CompanyTab; onCounts: (counts: StateCounts) => void }) {
  return (
    <DataTable
      label="Companies"
      source={adminCompanyListSource(tab.states)}
      columns={ADMIN_COMPANY_COLUMNS}
      storageKey="admin-companies"
      defaultPageSize={PAGE_SIZE}
      defaultSort={{ accessor: 'company_name', direction: 'asc' }}
      onData={(output) => onCounts(output.count_in_state)}
    />
  );
}

interface AdminCompaniesPageProps {
  restrict: AdminCompanyRestrict | undefined;
  onRestrictChange: (restrict: AdminCompanyRestrict | undefined) => void;
}

export function AdminCompaniesPage({ restrict, onRestrictChange }: AdminCompaniesPageProps) {
  const [counts, setCounts] = useState<StateCounts>();
  const active = tabFor(restrict);

  const change = (value: string | null) => {
    const tab = COMPANY_TABS.find((item) => item.value === value);
    if (tab) onRestrictChange(tab.value === CURRENT_TAB ? undefined : tab.value);
  };

  return (
    <Stack>
      <Title order={1}>Companies</Title>
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
            <AdminCompanyTable tab={tab} onCounts={setCounts} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
