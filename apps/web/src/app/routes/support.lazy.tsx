import { createLazyRoute } from '@tanstack/react-router';
import { SupportPage } from '../../features/tickets/components/support-page';

export const Route = createLazyRoute('/signed-in/support')({ component: SupportPage });
