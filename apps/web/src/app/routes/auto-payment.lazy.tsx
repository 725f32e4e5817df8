import { createLazyRoute } from '@tanstack/react-router';
import { AutoPaymentPageView } from '../../features/payments/components/auto-payment-page';

export const Route = createLazyRoute('/signed-in/auto_payment')({ component: AutoPaymentPageView });
