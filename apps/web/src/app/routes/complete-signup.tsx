import { createRoute } from '@tanstack/react-router';
import { signedInRoute } from './signed-in';

export const completeSignupRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/complete_signup',
}).lazy(() => import('./complete-signup.lazy').then((m) => m.Route));
