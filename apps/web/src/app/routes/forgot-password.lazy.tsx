import { createLazyRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-page';

export const Route = createLazyRoute('/public/forgot_password')({ component: ForgotPasswordPage });
