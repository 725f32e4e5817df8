import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCents, zCompanyId, zCompanyState, zTimestamp } from '../shared/fields.ts';

/** Spec-2 §9: trial churn looks back 30 days. */
export const CHURN_WINDOW_DAYS = 30;
/** The months the paid churn and revenue movement reports cover (Pacific/Auckland calendar months). */
export const CHURN_REPORT_MONTHS = 12;

export const CHURN_REPORT_IDS = ['admin_paid_churn_by_month', 'admin_paid_churn', 'admin_trial_churn', 'admin_revenue_movements'] as const;
export type ChurnReportId = (typeof CHURN_REPORT_IDS)[number];

/** 'YYYY-MM', a Pacific/Auckland calendar month. */
const zMonth = z.string().regex(/^\d{4}-\d{2}$/);
/** A rate in percent with two decimals; null when there was nothing to churn from. */
const zPercent = z.number().nullable();

/** Decision 0058: paid companies at the month's start and those of them that left ACTIVE for DELETED or SUSPENDED. */
export const zPaidChurnMonth = z.object({
  month: zMonth,
  /** The month still running: its figures are so far. */
  is_partial: z.boolean(),
  paid_at_start: z.number().int().min(0),
  churned_to_deleted: z.number().int().min(0),
  churned_to_suspended: z.number().int().min(0),
  /** Distinct companies that churned either way in the month. */
  churned: z.number().int().min(0),
  churn_rate_percent: zPercent,
});
export type PaidChurnMonth = z.infer<typeof zPaidChurnMonth>;

export const zPaidChurnRow = z.object({
  company_id: zCompanyId,
  company_name: z.string(),
  to_state: z.enum(['DELETED', 'SUSPENDED']),
  churned_at: zTimestamp,
  reason: z.string(),
  current_state: zCompanyState,
});
export type PaidChurnRow = z.infer<typeof zPaidChurnRow>;

/** Spec-2 §7 rows: company_name, latest_state_created_at, latest_state_reason; days_churned per decision 0058. */
export const zTrialChurnRow = z.object({
  company_id: zCompanyId,
  company_name: z.string(),
  latest_state: zCompanyState,
  latest_state_created_at: zTimestamp,
  latest_state_reason: z.string(),
  days_churned: z.number().int().min(0),
});
export type TrialChurnRow = z.infer<typeof zTrialChurnRow>;

/** A month's MRR movements, in cents of charged usage normalised to a 30-day month (decision 0058). */
export const zRevenueMovementMonth = z.object({
  month: zMonth,
  starting_mrr: zCents,
  new_mrr: zCents,
  expansion_mrr: zCents,
  contraction_mrr: zCents,
  churn_mrr: zCents,
  reactivation_mrr: zCents,
  ending_mrr: zCents,
  gross_revenue_churn_percent: zPercent,
  net_revenue_churn_percent: zPercent,
});
export type RevenueMovementMonth = z.infer<typeof zRevenueMovementMonth>;

export const churnTrackingOutput = z.discriminatedUnion('id', [
  z.object({ id: z.literal('admin_paid_churn_by_month'), rows: z.array(zPaidChurnMonth) }),
  z.object({ id: z.literal('admin_paid_churn'), rows: z.array(zPaidChurnRow) }),
  z.object({ id: z.literal('admin_trial_churn'), rows: z.array(zTrialChurnRow) }),
  z.object({
    id: z.literal('admin_revenue_movements'),
    /** What the figures are made of: usage charged against credit, not invoiced revenue or money received. */
    basis: z.literal('charged_usage'),
    rows: z.array(zRevenueMovementMonth),
  }),
]);
export type ChurnTrackingOutput = z.infer<typeof churnTrackingOutput>;

export const churnTracking = defineCall({
  path: '/api/v1/reports/churn_tracking',
  summary:
    'Churn Tracking (spec-2 §2.9, §7): admin_paid_churn_by_month (the last 12 Pacific/Auckland months: paid companies at the start, ACTIVE -> DELETED and ACTIVE -> SUSPENDED, rate), admin_paid_churn (those companies, most recent first), admin_trial_churn (trials that fully churned in the past 30 days) and admin_revenue_movements (new, expansion, contraction, churn and reactivation MRR and gross and net revenue churn per complete month, from charged usage). Definitions: decision 0058.',
  input: z.object({ id: z.enum(CHURN_REPORT_IDS) }),
  output: churnTrackingOutput,
  access: { roles: ['admin'] },
  example: { id: 'admin_paid_churn_by_month' },
});
