import { createLazyRoute } from '@tanstack/react-router';
import { AccountPage } from '../../features/account/components/account-page';

export const Route = createLazyRoute('/signed-in/myaccount')({ component: AccountPage });
