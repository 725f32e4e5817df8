import { sendCareerTests } from '@portal/contract/admin-tools/career-tests';
import { requestLogList } from '@portal/contract/admin-tools/request-log-list';
import { scheduledJobList } from '@portal/contract/admin-tools/scheduled-jobs';
import { submitErrorReport } from '@portal/contract/web/submit-error-report';
import { createInvoice } from '@portal/contract/payments/invoices';
import { handle } from '../../platform/handle.ts';
import { createInvoiceOnTicket } from './invoice-on-ticket.ts';
import * as service from './service.ts';

export const adminToolHandlers = [
  handle(submitErrorReport, (input, ctx) => service.storeErrorReport(ctx, input)),
  handle(requestLogList, (input, ctx) => service.listRequestLog(ctx, input)),
  handle(scheduledJobList, (_input, ctx) => service.listScheduledJobStatus(ctx), { readOnly: true }),
  handle(sendCareerTests, (input, ctx) => service.sendCareerTests(ctx, input)),
  // Composed above payments and tickets, which share a rank (docs/decisions/0045).
  handle(createInvoice, (input, ctx) => createInvoiceOnTicket(ctx, input)),
];
