import { createRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-page';
import { publicRoute } from './public';

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/forgot_password',
  component: ForgotPasswordPage,
});
