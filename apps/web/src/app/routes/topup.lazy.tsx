import { createLazyRoute } from '@tanstack/react-router';
import { TopupPage } from '../../features/billing/components/topup-page';
import { useSignedInAuth } from '../use-signed-in-auth';

function TopupRoute() {
  return <TopupPage state={useSignedInAuth().state} />;
}

export const Route = createLazyRoute('/signed-in/topup')({ component: TopupRoute });
