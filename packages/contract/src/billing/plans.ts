import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCentsNonNegative, zTimestamp } from '../shared/fields.ts';
import { zPlanId } from '../shared/plans.ts';

/** The plans list's failure text, spelt as the product spells it (spec-2 §8). */
export const PLANS_LIST_ERROR = 'Internal Error. Please contant support';

/** Legacy accounts pick a plan before this moment or are given the most cost-effective one (spec-2 §9). */
export const LEGACY_DEADLINE = '2025-01-01T00:00:00.000Z';

export const DOWNGRADE_MESSAGE = 'To downgrade your plan, please contact sales';

export const zPlan = z.object({
  id: zPlanId,
  name: z.string(),
  /** Price per endpoint per month in cents ("from $3"); null where sales quote it (Enterprise). */
  amount: zCentsNonNegative.nullable(),
  /** Self-hosted licences the plan includes; null = no limit. */
  default_serial_limit: z.number().int().min(0).nullable(),
  /** Hosted consoles the plan includes; null = no limit. */
  default_hosted_server_limit: z.number().int().min(0).nullable(),
  disallowed: z.boolean(),
  /** Why the company cannot pick the plan now, in words for the plan card. */
  disallowed_reasons: z.array(z.string()),
});
export type Plan = z.infer<typeof zPlan>;

export const zCompanyPlan = z.object({
  /** The plan in effect. */
  plan: zPlanId,
  /** A plan chosen to take effect later: at the trial's end, or at the Legacy deadline. */
  plan_selected: zPlanId.nullable(),
  /** When plan_selected takes effect; null when nothing is queued. */
  plan_selected_effective_at: zTimestamp.nullable(),
  trial_expires_at: zTimestamp.nullable(),
  /** Set for a Legacy company: when it must have picked. */
  legacy_deadline: zTimestamp.nullable(),
});
export type CompanyPlan = z.infer<typeof zCompanyPlan>;

export const listPlans = defineCall({
  path: '/api/v1/billing/list_plans',
  summary: "The plans, each with whether the caller's company may pick it and why not, and the company's plan.",
  input: z.object({}),
  output: zCompanyPlan.extend({ plans: z.array(zPlan) }),
  access: { roles: ['customer'], capability: 'use_my_plan' },
});

export const selectPlan = defineCall({
  path: '/api/v1/billing/select_plan',
  summary: 'Pick a plan: an upgrade takes effect now; a trial or Legacy choice is queued to its date; a downgrade is refused.',
  input: z.object({ target_plan_id: zPlanId }),
  output: zCompanyPlan.extend({ message: z.string() }),
  access: { roles: ['customer'], capability: 'use_my_plan' },
  example: { target_plan_id: 'Growth' },
});
