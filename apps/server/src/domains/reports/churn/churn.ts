import { CHURN_REPORT_MONTHS, CHURN_WINDOW_DAYS, type ChurnReportId, type ChurnTrackingOutput } from '@portal/contract/reports/churn';
import type { CallContext } from '../../../platform/context.ts';
import * as q from '../queries/churn.ts';

/** Paid Account Churn lists at most this many churn events, most recent first. */
const PAID_CHURN_ROWS = 500;

/** Churn Tracking (spec-2 §2.9): each report as decision 0058 defines it, at the call's clock. */
export async function churnTracking(ctx: CallContext, input: { id: ChurnReportId }): Promise<ChurnTrackingOutput> {
  const now = ctx.clock.now();
  switch (input.id) {
    case 'admin_paid_churn_by_month':
      return { id: input.id, rows: await q.paidChurnByMonth(ctx.db, now, CHURN_REPORT_MONTHS) };
    case 'admin_paid_churn':
      return { id: input.id, rows: await q.paidChurnRows(ctx.db, now, CHURN_REPORT_MONTHS, PAID_CHURN_ROWS) };
    case 'admin_trial_churn':
      return { id: input.id, rows: await q.trialChurn(ctx.db, now, CHURN_WINDOW_DAYS) };
    case 'admin_revenue_movements':
      return { id: input.id, basis: 'charged_usage', rows: await q.revenueMovements(ctx.db, now, CHURN_REPORT_MONTHS) };
  }
}
