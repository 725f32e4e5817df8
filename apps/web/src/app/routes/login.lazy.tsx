import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/components/login-page';

const route = getRouteApi('/public/login');

function LoginRoute() {
  const { redirect_to, method, t } = route.useSearch();
  return <LoginPage redirectTo={redirect_to} method={method} token={t} />;
}

export const Route = createLazyRoute('/public/login')({ component: LoginRoute });
