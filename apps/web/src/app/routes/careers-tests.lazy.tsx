import { createLazyRoute } from '@tanstack/react-router';
import { CareerTestsPage } from '../../features/admin-tools/components/career-tests-page';

export const Route = createLazyRoute('/signed-in/careers/tests')({ component: CareerTestsPage });
