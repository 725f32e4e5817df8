import { createLazyRoute } from '@tanstack/react-router';
import { MyBillPage } from '../../features/payments/components/mybill-page';

export const Route = createLazyRoute('/signed-in/mybill')({ component: MyBillPage });
