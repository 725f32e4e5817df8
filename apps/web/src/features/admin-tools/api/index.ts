import { sendCareerTests } from '@portal/contract/admin-tools/career-tests';
import { defineMutation } from '../../../lib/call-hooks';

export const useSendCareerTests = defineMutation(sendCareerTests);
