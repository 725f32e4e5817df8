import { createLazyRoute } from '@tanstack/react-router';
import { TopupPage } from '../../features/billing/components/topup-page';
import { TopupPayments } from '../../features/payments/components/topup-payments';
import { useSignedInAuth } from '../use-signed-in-auth';

function TopupRoute() {
  const auth = useSignedInAuth();
  return (
    <TopupPage state={auth.state}>
      <TopupPayments canRedeem={auth.roles.includes('customer')} />
    </TopupPage>
  );
}

export const Route = createLazyRoute('/signed-in/topup')({ component: TopupRoute });
