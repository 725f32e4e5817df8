import { createLazyRoute } from '@tanstack/react-router';
import { PromoCampaignsPage } from '../../features/payments/components/promo-campaigns-page';

export const Route = createLazyRoute('/signed-in/promo_campaigns')({ component: PromoCampaignsPage });
