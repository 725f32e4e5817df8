import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCentsNonNegative, zId, zTimestamp } from '../shared/fields.ts';
import { UNLIMITED_PAGE_SIZE, zPageOf } from '../shared/paging.ts';

const zPage = {
  page: z.number().int().min(1).max(10_000_000).default(1),
  page_size: z.number().int().min(1).max(UNLIMITED_PAGE_SIZE).default(20),
};

/** A user (device) still inside the customer guarantee window: deleting it now refunds its charges. */
export const zEligibleTrialUser = z.object({
  username: z.string(),
  /** Whole days left in the window. */
  days_remaining_trial: z.number().int().min(0),
  trial_end_time: zTimestamp,
  /** What the user has been charged so far, in cents: the refund if it is deleted in time. */
  amount: zCentsNonNegative,
});

/** A refund already credited: one pack per weekly run, naming the users it refunded. */
export const zTrialRefund = z.object({
  id: zId,
  amount: zCentsNonNegative,
  purchase_date: zTimestamp,
  refunded_users: z.array(z.string()),
});

export const listEligibleTrialRefunds = defineCall({
  path: '/api/v1/user/trial-refunds/list-eligible',
  summary: "Active New Users: the company's users inside the customer guarantee window, with what a refund would be.",
  input: z.object(zPage),
  output: zPageOf(zEligibleTrialUser),
  access: { roles: ['customer'] },
});

export const listTrialRefundHistory = defineCall({
  path: '/api/v1/user/trial-refunds/list-history',
  summary: 'New User Refunds: the refunds credited to the company, newest first.',
  input: z.object(zPage),
  output: zPageOf(zTrialRefund),
  access: { roles: ['customer'] },
});
