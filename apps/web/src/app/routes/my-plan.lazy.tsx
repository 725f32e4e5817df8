import { createLazyRoute } from '@tanstack/react-router';
import { MyPlanPage } from '../../features/billing/components/plans/my-plan-page';

export const Route = createLazyRoute('/signed-in/my_plan')({ component: MyPlanPage });
