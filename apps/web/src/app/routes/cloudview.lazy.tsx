import { createLazyRoute } from '@tanstack/react-router';
import { CustomerPortalPage } from '../../features/customer-portal/components/customer-portal-page';

export const Route = createLazyRoute('/signed-in/cloudview')({ component: CustomerPortalPage });
