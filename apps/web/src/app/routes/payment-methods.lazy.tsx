import { createLazyRoute } from '@tanstack/react-router';
import { PaymentMethodsPage } from '../../features/payments/components/payment-methods-page';

export const Route = createLazyRoute('/signed-in/payment_methods')({ component: PaymentMethodsPage });
