import { createRoute } from '@tanstack/react-router';
import { PublicLayout } from '../public-layout';
import { rootRoute } from './root';

/** Pathless parent of the pages a signed-out visitor may see. */
export const publicRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  component: PublicLayout,
});
