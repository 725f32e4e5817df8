import { Badge, Box, Button, Drawer, Group, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CompanyDetail } from '@portal/contract/companies/company-detail';
import { Fragment, type ReactNode, use, useCallback, useMemo, useRef, useState } from 'react';
import { useDiscardGuard } from '../../../../components/confirm/use-discard-guard';
import { type CompanyViewer, useCompanyDetail } from '../../api';
import { COMPANY_STATE_COLOR, COMPANY_STATE_LABEL } from '../../api/company-states';
import { CompanyUsersPanel } from '../company-users/company-users-panel';
import { CompanyHistoryTab } from './company-history-tab';
import { CompanyOverview } from './company-overview';
import { isReadOnly } from './company-form';
import { type CompanyFormState, DialogFormsContext } from './dialog-form-state';
import { DistributorSettingsTab } from './distributor-settings-tab';
import { ExtraCompanyTabs } from './extra-tabs';
import { CardSkeleton } from '../../../../components/page/page-skeleton';
import { DialogLoadError } from '../../../../components/feedback/dialog-load-error';

interface CompanyDialogProps {
  companyId: number;
  viewer: CompanyViewer;
  /** The signed-in user's email, so they cannot delete themselves. */
  currentEmail: string;
  /** Support and sales may read a company through the admin call but not change it. */
  viewOnly?: boolean;
  onClose: () => void;
}

/** Wide enough for the two-column form; at phone width the drawer takes the whole screen. */
export const COMPANY_DRAWER_WIDTH = 720;

export function CompanyBadges({ company }: { company: CompanyDetail }) {
  return (
    <Group gap={6}>
      <Badge color={COMPANY_STATE_COLOR[company.current_state]}>{COMPANY_STATE_LABEL[company.current_state]}</Badge>
      {company.is_vip && <Badge color="yellow">VIP</Badge>}
      {company.is_partner_company && <Badge color="violet">Partner</Badge>}
      {company.is_internal_comet_company && <Badge color="cyan">Internal</Badge>}
      {company.distributor !== null && <Badge color="indigo">Sub-Account</Badge>}
      {company.current_state === 'DELETED' && <Badge color="red">DELETED</Badge>}
    </Group>
  );
}

/**
 * The company dialog, as a drawer from the right: the tabs scroll inside it while the action bar stays at
 * the bottom. Closing with unsaved edits (Escape, ×, Cancel, a click outside) asks first.
 */
export function CompanyDialog({ companyId, viewer, currentEmail, viewOnly = false, onClose }: CompanyDialogProps) {
  const detail = useCompanyDetail(viewer, companyId);
  const company = detail.data;
  const phone = useMediaQuery('(max-width: 48em)');
  const [companyForm, setCompanyForm] = useState<CompanyFormState | null>(null);
  // Asked only when closing, so a ref: an edit need not re-render the drawer.
  const dirtyChecks = useRef(new Map<string, () => boolean>());
  const setDirtyCheck = useCallback((form: string, check: (() => boolean) | null) => {
    if (check) dirtyChecks.current.set(form, check);
    else dirtyChecks.current.delete(form);
  }, []);
  const forms = useMemo(() => ({ setCompanyForm, setDirtyCheck }), [setDirtyCheck]);

  const { ref: dialogRef, requestClose } = useDiscardGuard(
    () => [...dirtyChecks.current.values()].some((isDirty) => isDirty()),
    onClose,
    company ? `your changes to ${company.company_name}` : undefined,
  );

  return (
    <Drawer
      ref={dialogRef}
      opened
      onClose={requestClose}
      position="right"
      size={phone ? '100%' : COMPANY_DRAWER_WIDTH}
      title={company ? company.company_name : 'Company'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      // The page puts focus back on the row that opened the drawer: this one unmounts rather than closes.
      returnFocus={false}
      styles={{
        // A field reached by Tab scrolls clear of the sticky title and action bar rather than under them.
        content: { display: 'flex', flexDirection: 'column', scrollPaddingBlock: '4.5rem 5rem' },
        body: { flex: 1, display: 'flex', flexDirection: 'column', padding: 0 },
      }}
    >
      <DialogFormsContext value={forms}>
        <Box px="md" pb="md" style={{ flex: 1 }}>
          {detail.error && <DialogLoadError error={detail.error} onRetry={() => void detail.refetch()} />}
          {!company && !detail.error && <CardSkeleton label="Loading company" />}
          {company && <CompanyTabs company={company} viewer={viewer} viewOnly={viewOnly} currentEmail={currentEmail} />}
        </Box>
        <ActionBar>
          <Button variant="default" onClick={requestClose}>
            {viewOnly || !companyForm ? 'Close' : 'Cancel'}
          </Button>
          {!viewOnly && companyForm && (
            <Button onClick={companyForm.submit} disabled={!companyForm.dirty} loading={companyForm.saving}>
              Save
            </Button>
          )}
        </ActionBar>
      </DialogFormsContext>
    </Drawer>
  );
}

function ActionBar({ children }: { children: ReactNode }) {
  return (
    <Group
      justify="flex-end"
      gap="sm"
      px="md"
      py="sm"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        background: 'var(--mantine-color-body)',
        borderTop: '1px solid var(--mantine-color-default-border)',
      }}
    >
      {children}
    </Group>
  );
}

interface CompanyTabsProps {
  company: CompanyDetail;
  viewer: CompanyViewer;
  viewOnly: boolean;
  currentEmail: string;
}

type TabValue = string;

/** Tabs by role: Overview and Manage users always; other features' tabs as they say; History and Distributor settings for admins. */
function CompanyTabs({ company, viewer, viewOnly, currentEmail }: CompanyTabsProps) {
  const isAdmin = viewer === 'admin' && !viewOnly;
  const isDistributor = isAdmin && company.company_type === 'distributor';
  const extras = use(ExtraCompanyTabs).filter((extra) => extra.shows(company, { viewer, isAdmin }));
  const [tab, setTab] = useState<TabValue>('overview');
  // Panels stay mounted once visited, so edits on one tab survive a look at another; unvisited ones load nothing.
  const [visited, setVisited] = useState<ReadonlySet<TabValue>>(new Set(['overview']));
  const select = (value: string | null) => {
    const known = ['overview', 'users', 'history', 'distributor', ...extras.map((extra) => extra.value)];
    if (value === null || !known.includes(value)) return;
    setTab(value);
    setVisited((current) => new Set(current).add(value));
  };
  const panel = (value: TabValue, content: ReactNode) => (
    <Tabs.Panel value={value} pt="md">
      {visited.has(value) && content}
    </Tabs.Panel>
  );
  return (
    <>
      <CompanyBadges company={company} />
      <Tabs value={tab} onChange={select} keepMounted mt="md">
        <Tabs.List className="app-tabs-wrap" aria-label="Company sections">
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="users">Manage users</Tabs.Tab>
          {extras.map((extra) => (
            <Tabs.Tab key={extra.value} value={extra.value}>
              {extra.label}
            </Tabs.Tab>
          ))}
          {isAdmin && <Tabs.Tab value="history">History</Tabs.Tab>}
          {isDistributor && <Tabs.Tab value="distributor">Distributor settings</Tabs.Tab>}
        </Tabs.List>
        {panel('overview', <CompanyOverview company={company} viewer={viewer} viewOnly={viewOnly} />)}
        {panel(
          'users',
          <CompanyUsersPanel
            companyId={company.id}
            listCompanyId={company.id}
            currentEmail={currentEmail}
            disabled={viewOnly || isReadOnly(company)}
          />,
        )}
        {extras.map((extra) => (
          <Fragment key={extra.value}>{panel(extra.value, extra.render(company, { viewer, isAdmin }))}</Fragment>
        ))}
        {isAdmin && panel('history', <CompanyHistoryTab companyId={company.id} />)}
        {isDistributor && panel('distributor', <DistributorSettingsTab companyId={company.id} />)}
      </Tabs>
    </>
  );
}
