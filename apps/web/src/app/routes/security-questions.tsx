import { createRoute } from '@tanstack/react-router';
import { SecurityQuestionsPage } from '../../features/security/components/security-questions-page';
import { signedInRoute } from './signed-in';

export const securityQuestionsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/security_questions',
  component: SecurityQuestionsPage,
});
