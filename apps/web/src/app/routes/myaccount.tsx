import { createRoute } from '@tanstack/react-router';
import { AccountPage } from '../../features/account/components/account-page';
import { signedInRoute } from './signed-in';

export const myaccountRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/myaccount',
  component: AccountPage,
});
