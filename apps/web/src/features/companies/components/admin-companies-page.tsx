import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import type { CompanyState } from '@portal/contract/shared/fields';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { adminCompanyListSource } from '../api/admin-company-list';
import { type AdminCompanyRestrict, COMPANY_TABS, CURRENT_TAB, type CompanyTab, tabCount, tabFor } from '../company-tabs';
import { adminCompanyColumns } from './admin-company-columns';
import { CompanyDialog } from './company-dialog/company-dialog';
import { NewCompanyDialog } from './new-company/new-company-dialog';

const PAGE_SIZE = 50;

type StateCounts = Partial<Record<CompanyState, number>>;

interface AdminCompanyTableProps {
  tab: CompanyTab;
  onCounts: (counts: StateCounts) => void;
  onOpen: (id: number) => void;
}

function AdminCompanyTable({ tab, onCounts, onOpen }: AdminCompanyTableProps) {
  const columns = useMemo(() => adminCompanyColumns(onOpen), [onOpen]);
  return (
    <DataTable
      label="Companies"
      source={adminCompanyListSource(tab.states)}
      columns={columns}
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
            <AdminCompanyTable tab={tab} onCounts={setCounts} onOpen={setOpenId} />
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
