import { createLazyRoute } from '@tanstack/react-router';
import { TopupPage } from '../../features/billing/components/topup-page';
import { suspensionQuery } from '../../features/companies/api';
import { TopupPayments } from '../../features/payments/components/topup-payments';
import { useSignedInAuth } from '../use-signed-in-auth';

function TopupRoute() {
  const auth = useSignedInAuth();
  const suspended = auth.state === 'SUSPENDED';
  const suspension = suspensionQuery.useQuery({}, { enabled: suspended });
  return (
    <TopupPage state={auth.state} suspension={suspended ? suspension.data : null}>
      <TopupPayments canRedeem={auth.roles.includes('customer')} />
    </TopupPage>
  );
}

export const Route = createLazyRoute('/signed-in/topup')({ component: TopupRoute });
