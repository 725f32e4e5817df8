import { sendCareerTests } from '@portal/contract/admin-tools/career-tests';
import { requestLogList } from '@portal/contract/admin-tools/request-log-list';
import { submitErrorReport } from '@portal/contract/web/submit-error-report';
import { handle } from '../../platform/handle.ts';
import * as service from './service.ts';

export const adminToolHandlers = [
  handle(submitErrorReport, (input, ctx) => service.storeErrorReport(ctx, input)),
  handle(requestLogList, (input, ctx) => service.listRequestLog(ctx, input)),
  handle(sendCareerTests, (input, ctx) => service.sendCareerTests(ctx, input)),
];
