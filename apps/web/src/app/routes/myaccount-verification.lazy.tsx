import { createLazyRoute } from '@tanstack/react-router';
import { AccountVerificationPage } from '../../features/account/components/account-verification-page';

export const Route = createLazyRoute('/signed-in/myaccount_verification')({ component: AccountVerificationPage });
