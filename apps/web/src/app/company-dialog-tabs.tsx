import { Stack } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { CardSkeleton } from '../components/page/page-skeleton';
import { useReportDirty } from '../features/companies/components/company-dialog/dialog-form-state';
import type { ExtraCompanyTab } from '../features/companies/components/company-dialog/extra-tabs';

// Billing's tabs load with the first look at one, not with the companies page.
const ManageServicesTab = lazy(() =>
  import('../features/billing/components/admin/manage-services-tab').then((m) => ({ default: m.ManageServicesTab })),
);
const ManageCreditTab = lazy(() =>
  import('../features/billing/components/admin/manage-credit-tab').then((m) => ({ default: m.ManageCreditTab })),
);
const DailyStatsTab = lazy(() =>
  import('../features/billing/components/admin/daily-stats-tab').then((m) => ({ default: m.DailyStatsTab })),
);

// The servers feature's licences of the company, loaded likewise.
const CompanyLicences = lazy(() => import('../features/servers/components/company-licences').then((m) => ({ default: m.CompanyLicences })));

// The reports' usage by month, loaded likewise.
const CompanyUsageTab = lazy(() =>
  import('../features/reports/distributor-usage/company-usage-tab').then((m) => ({ default: m.CompanyUsageTab })),
);

// Payments' tabs (decision 0029), loaded likewise.
const InvoicesTab = lazy(() => import('../features/payments/components/invoice-tabs').then((m) => ({ default: m.InvoicesTab })));
const CompanyTransactionsTab = lazy(() =>
  import('../features/payments/components/invoice-tabs').then((m) => ({ default: m.CompanyTransactionsTab })),
);

/** The credit form asks before the drawer closes over its unsaved edits, like the drawer's own forms. */
function ManageCreditPanel({ companyId, readOnly }: { companyId: number; readOnly: boolean }) {
  const [dirty, setDirty] = useState(false);
  useReportDirty('credit-pack', dirty);
  return <ManageCreditTab companyId={companyId} readOnly={readOnly} onDirtyChange={setDirty} />;
}

const loading = (label: string) => <CardSkeleton label={label} />;

/**
 * The company dialog's tabs that billing adds (spec-2 §6): Manage services for customer companies (with the
 * company's licences for admins, from the servers feature), and for
 * admins Manage credit and Reports (usage by month, daily stats) for customers; payments adds Invoices for distributors and
 * Transactions (saved cards, the bill by card) for admins.
 */
export const COMPANY_DIALOG_TABS: readonly ExtraCompanyTab[] = [
  {
    value: 'services',
    label: 'Manage services',
    shows: (company) => company.company_type === 'customer',
    // Admins also see the company's licences here, to archive one (spec-2 §7 license/archive with target_company_id).
    render: (company, { isAdmin }) => (
      <Stack gap="xl">
        <Suspense fallback={loading('Loading services')}>
          <ManageServicesTab companyId={company.id} />
        </Suspense>
        {isAdmin ? (
          <Suspense fallback={loading('Loading licences')}>
            <CompanyLicences companyId={company.id} deleted={company.current_state === 'DELETED'} />
          </Suspense>
        ) : null}
      </Stack>
    ),
  },
  {
    value: 'credit',
    label: 'Manage credit',
    shows: (company, { isAdmin }) => isAdmin && company.company_type === 'customer',
    render: (company) => (
      <Suspense fallback={loading('Loading credit packs')}>
        <ManageCreditPanel companyId={company.id} readOnly={company.current_state === 'DELETED'} />
      </Suspense>
    ),
  },
  {
    value: 'reports',
    label: 'Reports',
    shows: (company, { isAdmin }) => isAdmin && company.company_type === 'customer',
    // Its usage by month (issue 16), then its daily stats.
    render: (company) => (
      <Stack gap="xl">
        <Suspense fallback={loading('Loading usage by month')}>
          <CompanyUsageTab companyId={company.id} />
        </Suspense>
        <Suspense fallback={loading('Loading daily stats')}>
          <DailyStatsTab companyId={company.id} />
        </Suspense>
      </Stack>
    ),
  },
  {
    // Spec-2 §6: admins see Invoices for distributors.
    value: 'invoices',
    label: 'Invoices',
    shows: (company, { isAdmin }) => isAdmin && company.company_type === 'distributor',
    render: (company) => (
      <Suspense fallback={loading('Loading invoices')}>
        <InvoicesTab companyId={company.id} readOnly={company.current_state === 'DELETED'} />
      </Suspense>
    ),
  },
  {
    value: 'transactions',
    label: 'Transactions',
    shows: (company, { isAdmin }) => isAdmin && (company.company_type === 'customer' || company.company_type === 'distributor'),
    render: (company) => (
      <Suspense fallback={loading('Loading transactions')}>
        <CompanyTransactionsTab companyId={company.id} />
      </Suspense>
    ),
  },
];
