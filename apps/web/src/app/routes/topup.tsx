import { createRoute } from '@tanstack/react-router';
import { TopupPage } from '../../features/billing/components/topup-page';
import { useSignedInAuth } from '../use-signed-in-auth';
import { signedInRoute } from './signed-in';

function TopupRoute() {
  return <TopupPage state={useSignedInAuth().state} />;
}

export const topupRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/topup',
  component: TopupRoute,
});
