import { createLazyRoute } from '@tanstack/react-router';
import { SecurityQuestionsPage } from '../../features/security/components/security-questions-page';

export const Route = createLazyRoute('/signed-in/security_questions')({ component: SecurityQuestionsPage });
