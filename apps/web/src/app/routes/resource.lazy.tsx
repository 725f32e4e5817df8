import { createLazyRoute } from '@tanstack/react-router';
import { ResourcePage } from '../../features/help/components/resource-page';

export const Route = createLazyRoute('/signed-in/resource')({ component: ResourcePage });
