import { randomBytes } from 'node:crypto';
import { emailLines, type sendCareerTests as sendCareerTestsCall } from '@portal/contract/admin-tools/career-tests';
import type { submitErrorReport } from '@portal/contract/web/submit-error-report';
import type { scheduledJobList } from '@portal/contract/admin-tools/scheduled-jobs';
import type { CallData, CallOutput } from '@portal/contract/shared/define-call';
import { MESSAGES } from '@portal/contract/shared/envelope';
import type { CallContext, PublicContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { listScheduledJobs } from '../../platform/job-runs.ts';
import * as notifications from '../notifications/service.ts';
import * as tenancy from '../tenancy/service.ts';
import * as q from './queries.ts';

/** Short, unambiguous codes a user can read out to support (no 0/O or 1/I). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function errorCode(): string {
  const bytes = randomBytes(8);
  let code = '';
  for (const b of bytes) code += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return `E-${code}`;
}

/**
 * Anyone may report without signing in, so each address may store this many reports an hour; a
 * signed-in user's reports are not counted against the address they share.
 */
export const ANONYMOUS_REPORTS_PER_HOUR = 30;

export async function storeErrorReport(ctx: PublicContext, input: CallData<typeof submitErrorReport>): Promise<string> {
  if (!ctx.actor) {
    await q.lockAnonymousReports(ctx.db, ctx.ip);
    const since = new Date(ctx.clock.now().getTime() - 60 * 60 * 1000);
    if ((await q.countAnonymousReportsSince(ctx.db, ctx.ip, since)) >= ANONYMOUS_REPORTS_PER_HOUR) {
      throw new AppError(429, MESSAGES.tooManyRequests);
    }
  }
  const code = errorCode();
  await q.insertErrorReport(ctx.db, {
    code,
    ...input,
    user_id: ctx.actor?.userId ?? null,
    company_id: ctx.actor?.companyId ?? null,
    ip: ctx.ip,
    created_at: ctx.clock.now(),
  });
  ctx.log.warn({ error_code: code, error_name: input.error_name, error_message: input.error_message }, 'browser error report');
  return code;
}

export async function listRequestLog(
  ctx: CallContext,
  input: { target_id: number; page: number; page_size: number; target_order_direction: 'asc' | 'desc' },
) {
  await tenancy.requireCompany(ctx, { companyId: input.target_id, mode: 'read' });
  return q.listRequestLog(ctx.db, input.target_id, input.target_order_direction, input.page_size, (input.page - 1) * input.page_size);
}

/** Mails each applicant the invitation to the chosen skills test, through the outbox; answers how many. */
export async function sendCareerTests(ctx: CallContext, input: CallData<typeof sendCareerTestsCall>): Promise<{ sent: number }> {
  const emails = emailLines(input.emails);
  for (const email of emails) await notifications.sendCareerTestMail(ctx, { email, role: input.test_selection });
  return { sent: emails.length };
}

/** The status screen's rows: each scheduled job's latest run, recorded by the scheduler (docs/decisions/0079). */
export async function listScheduledJobStatus(ctx: CallContext): Promise<CallOutput<typeof scheduledJobList>> {
  const iso = (time: Date | null) => time?.toISOString() ?? null;
  const rows = await listScheduledJobs(ctx.db);
  return {
    rows: rows.map((row) => ({ ...row, last_started_at: iso(row.last_started_at), last_error_at: iso(row.last_error_at) })),
  };
}
