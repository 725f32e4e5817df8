import { Alert, Badge, Group, Loader, Modal, Tabs } from '@mantine/core';
import type { CompanyDetail } from '@portal/contract/companies/company-detail';
import { errorMessage } from '../../../../lib/api-error';
import { COMPANY_STATE_COLOR, COMPANY_STATE_LABEL } from '../../api/company-states';
import { type CompanyViewer, useCompanyDetail } from '../../api';
import { CompanyUsersPanel } from '../company-users/company-users-panel';
import { CompanyHistoryTab } from './company-history-tab';
import { CompanyOverview } from './company-overview';
import { isReadOnly } from './company-form';
import { DistributorSettingsTab } from './distributor-settings-tab';

interface CompanyDialogProps {
  companyId: number;
  viewer: CompanyViewer;
  /** The signed-in user's email, so they cannot delete themselves. */
  currentEmail: string;
  /** Support and sales may read a company through the admin call but not change it. */
  viewOnly?: boolean;
  onClose: () => void;
}

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

/** Tabs by role: Overview and Manage Users always; History and Distributor Settings for admins. */
export function CompanyDialog({ companyId, viewer, currentEmail, viewOnly = false, onClose }: CompanyDialogProps) {
  const detail = useCompanyDetail(viewer, companyId);
  const company = detail.data;
  const isAdmin = viewer === 'admin' && !viewOnly;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened
      onClose={onClose}
      size="xl"
      title={company ? company.company_name : 'Company'}
    >
      {detail.error && <Alert color="red" role="alert">{`Error: ${errorMessage(detail.error)}`}</Alert>}
      {!company && !detail.error && <Loader aria-label="Loading company" />}
      {company && (
        <>
          <CompanyBadges company={company} />
          <Tabs defaultValue="overview" keepMounted={false} mt="md">
            <Tabs.List>
              <Tabs.Tab value="overview">Overview</Tabs.Tab>
              <Tabs.Tab value="users">Manage Users</Tabs.Tab>
              {isAdmin && <Tabs.Tab value="history">History</Tabs.Tab>}
              {isAdmin && company.company_type === 'distributor' && <Tabs.Tab value="distributor">Distributor Settings</Tabs.Tab>}
            </Tabs.List>
            <Tabs.Panel value="overview" pt="md">
              <CompanyOverview company={company} viewer={viewer} viewOnly={viewOnly} />
            </Tabs.Panel>
            <Tabs.Panel value="users" pt="md">
              <CompanyUsersPanel
                companyId={company.id}
                listCompanyId={company.id}
                currentEmail={currentEmail}
                disabled={viewOnly || isReadOnly(company)}
              />
            </Tabs.Panel>
            {isAdmin && (
              <Tabs.Panel value="history" pt="md">
                <CompanyHistoryTab companyId={company.id} />
              </Tabs.Panel>
            )}
            {isAdmin && company.company_type === 'distributor' && (
              <Tabs.Panel value="distributor" pt="md">
                <DistributorSettingsTab companyId={company.id} />
              </Tabs.Panel>
            )}
          </Tabs>
        </>
      )}
    </Modal>
  );
}
