import { createLazyRoute } from '@tanstack/react-router';
import { ScheduledJobsPage } from '../../features/admin-tools/components/scheduled-jobs-page';

export const Route = createLazyRoute('/signed-in/scheduled_jobs')({ component: ScheduledJobsPage });
