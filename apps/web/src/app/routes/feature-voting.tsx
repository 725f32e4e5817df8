import { createRoute } from '@tanstack/react-router';
import { signedInRoute } from './signed-in';

/** /feature_voting and /feature_voting/… (a place on the board, such as an idea's page): the splat may be empty. */
export const featureVotingRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/feature_voting/$',
}).lazy(() => import('./feature-voting.lazy').then((m) => m.Route));
