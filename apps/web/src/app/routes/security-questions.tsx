import { createRoute } from '@tanstack/react-router';
import { preloaded } from '../../lib/call-hooks';
import { signedInRoute } from './signed-in';

export const securityQuestionsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/security_questions',
  // The feature's calls load with its page (and here, on a preload), not in the entry chunk.
  loader: async ({ context: { queryClient } }) => {
    const { securityQuestionsQueryOptions } = await import('../../features/security/api');
    return preloaded([queryClient.ensureQueryData(securityQuestionsQueryOptions())]);
  },
}).lazy(() => import('./security-questions.lazy').then((m) => m.Route));
