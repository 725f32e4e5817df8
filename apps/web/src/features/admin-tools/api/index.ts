import { sendCareerTests } from '@portal/contract/admin-tools/career-tests';
import { scheduledJobList } from '@portal/contract/admin-tools/scheduled-jobs';
import { defineMutation, defineQuery } from '../../../lib/call-hooks';

export const useSendCareerTests = defineMutation(sendCareerTests);
export const scheduledJobsQuery = defineQuery(scheduledJobList);
