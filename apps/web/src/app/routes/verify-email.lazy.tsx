import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { VerifyEmailPage } from '../../features/auth/components/verify-email-page';

const route = getRouteApi('/public/verify_email');

function VerifyEmailRoute() {
  const { success, redirect_to } = route.useSearch();
  return <VerifyEmailPage success={success === 1} redirectTo={redirect_to} />;
}

export const Route = createLazyRoute('/public/verify_email')({ component: VerifyEmailRoute });
