import { createRoute } from '@tanstack/react-router';
import { securityQuestionsQueryOptions } from '../../features/security/api';
import { preloaded } from '../../lib/call-hooks';
import { signedInRoute } from './signed-in';

export const securityQuestionsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/security_questions',
  loader: ({ context: { queryClient } }) => preloaded([queryClient.ensureQueryData(securityQuestionsQueryOptions())]),
}).lazy(() => import('./security-questions.lazy').then((m) => m.Route));
