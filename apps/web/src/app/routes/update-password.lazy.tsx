import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { UpdatePasswordPage } from '../../features/auth/components/update-password-page';

const route = getRouteApi('/public/update_password');

function UpdatePasswordRoute() {
  const { t } = route.useSearch();
  return <UpdatePasswordPage token={t} />;
}

export const Route = createLazyRoute('/public/update_password')({ component: UpdatePasswordRoute });
