import { Card } from '@mantine/core';
import { PageHeader } from '../../../components/page/page-header';
import { PageSkeleton } from '../../../components/page/page-skeleton';
import { useAuthContext } from '../../auth/api';
import { CustomerPortalPanel } from './customer-portal-panel';

/** /cloudview: the signed-in company's customer portal (spec-1 §4, §7, §8; decision 0057). */
export function CustomerPortalPage() {
  const auth = useAuthContext();
  if (!auth.data) return <PageSkeleton label="Loading the customer portal" />;
  return (
    <>
      <PageHeader title="Customer Portal" />
      <Card withBorder>
        <CustomerPortalPanel companyId={auth.data.company_id} canEnable={false} />
      </Card>
    </>
  );
}
