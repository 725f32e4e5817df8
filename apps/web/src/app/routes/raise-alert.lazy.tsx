import { createLazyRoute } from '@tanstack/react-router';
import { RaiseAlertPage } from '../../features/tickets/components/raise-alert-page';

export const Route = createLazyRoute('/signed-in/raise_alert')({ component: RaiseAlertPage });
