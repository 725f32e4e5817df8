import { createLazyRoute } from '@tanstack/react-router';
import { ManageTopupOptionsPage } from '../../features/payments/components/manage-topup-options-page';

export const Route = createLazyRoute('/signed-in/manage_topup_options')({ component: ManageTopupOptionsPage });
