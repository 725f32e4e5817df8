import { Card, Text } from '@mantine/core';
import { PageHeader } from '../../../components/page/page-header';
import { PageSkeleton } from '../../../components/page/page-skeleton';
import { useAuthContext } from '../../auth/api';
import { CustomerPortalPanel } from './customer-portal-panel';

export const NO_PORTAL = 'Your company has no customer portal. Contact support to set one up.';

/** /cloudview: the signed-in company's customer portal (spec-1 §4, §7, §8; decision 0057). */
export function CustomerPortalPage() {
  const auth = useAuthContext();
  if (!auth.data) return <PageSkeleton label="Loading the customer portal" />;
  // A customer has the capability with its portal: after terminating it, the page says so instead of failing.
  const hasPortal = auth.data.capabilities.includes('use_customer_portal');
  return (
    <>
      <PageHeader title="Customer Portal" />
      <Card withBorder>
        {hasPortal ? (
          <CustomerPortalPanel companyId={auth.data.company_id} canEnable={false} />
        ) : (
          <Text>{NO_PORTAL}</Text>
        )}
      </Card>
    </>
  );
}
