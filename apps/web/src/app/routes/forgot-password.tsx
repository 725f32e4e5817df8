import { createRoute } from '@tanstack/react-router';
import { publicRoute } from './public';

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/forgot_password',
}).lazy(() => import('./forgot-password.lazy').then((m) => m.Route));
