import { createRoute } from '@tanstack/react-router';
import { securityQuestionsQueryOptions } from '../../features/security/api';
import { SecurityQuestionsPage } from '../../features/security/components/security-questions-page';
import { preloaded } from '../../lib/call-hooks';
import { signedInRoute } from './signed-in';

export const securityQuestionsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/security_questions',
  loader: ({ context: { queryClient } }) => preloaded([queryClient.ensureQueryData(securityQuestionsQueryOptions())]),
  component: SecurityQuestionsPage,
});
