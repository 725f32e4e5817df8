import { lazy, Suspense } from 'react';
import { CardSkeleton } from '../components/page/page-skeleton';
import type { ExtraCompanySection } from '../features/companies/components/company-dialog/extra-tabs';

const CustomerPortalSection = lazy(() =>
  import('../features/customer-portal/components/customer-portal-section').then((m) => ({ default: m.CustomerPortalSection })),
);

/** Sections other features add to the company dialog's Overview: the customer portal (spec-1 §3; decision 0057). */
export const COMPANY_DIALOG_SECTIONS: readonly ExtraCompanySection[] = [
  {
    value: 'customer-portal',
    shows: (company) => company.company_type === 'customer' || company.company_type === 'distributor',
    render: (company, { isAdmin }) => (
      <Suspense fallback={<CardSkeleton label="Loading the customer portal" />}>
        <CustomerPortalSection companyId={company.id} isAdmin={isAdmin} readOnly={company.current_state === 'DELETED'} />
      </Suspense>
    ),
  },
];
