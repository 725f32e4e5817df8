import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCentsNonNegative, zCompanyId, zId, zTimestamp } from '../shared/fields.ts';
import { DEFAULT_PAGE_SIZE, zPageOf } from '../shared/paging.ts';
import { zDay, zDayRange, zServiceKind } from './fields.ts';

/** The usage table's empty text (spec-2 §8). */
export const NO_USAGE_HISTORY = 'No usage history available.';

/** One pack's share of a charge ('Packs Used'). */
export const zTopupDeduction = z.object({
  topup_name: z.string(),
  topup_amount_deducted: zCentsNonNegative,
  /** The pack's expiry; null: never expires. */
  topup_expiry: zTimestamp.nullable(),
});

/** One charge: a service on a charge day (spec-2 §3, usage row (customer)). */
export const zUsageRow = z.object({
  id: zId,
  type: zServiceKind,
  details: z.string(),
  usage: z.object({ amount_used: zCentsNonNegative, date_used: zDay }),
  topup_deductions: z.array(zTopupDeduction),
  /** The charged count of devices or boosters, for those kinds; null for others. */
  device: z.number().int().nullable(),
  booster: z.number().int().nullable(),
  service_pricing: z.string(),
  /** The day falls in the current month in Pacific/Auckland time: the month's usage may still change. */
  not_finalized: z.boolean(),
});
export type UsageRow = z.infer<typeof zUsageRow>;

const zUsageQuery = z
  .object({
    page: z.number().int().min(1).max(10_000_000).default(1),
    page_size: z.number().int().min(1).max(9_999_999).default(DEFAULT_PAGE_SIZE),
    /** Matches the kind, the details and the pricing text. */
    target_search_query: z.string().max(200).default(''),
  })
  .extend(zDayRange.shape);

export const userMyUsageTable = defineCall({
  path: '/api/v1/web/UserMyUsageTable.json',
  tokenPermission: 'BILLING_READ',
  summary: "The caller's company's charges, newest first, with the packs that paid each; From/To are days in Pacific/Auckland.",
  input: zUsageQuery,
  output: zPageOf(zUsageRow),
  access: { roles: ['customer'] },
  example: { target_from: '2020-01-01', target_to: '2020-01-31' },
});

/** The export's rows: one line per charge, flat, so a spreadsheet shows every value in its own column. */
export const zBillingHistoryRow = z.object({
  date_used: zDay,
  type: zServiceKind,
  details: z.string(),
  service_pricing: z.string(),
  amount_used_cents: zCentsNonNegative,
  /** "Name: cents" per pack, in the order they paid. */
  packs_used: z.string(),
  not_finalized: z.boolean(),
});

export const billingHistory = defineCall({
  path: '/api/v1/report/billing_history',
  tokenPermission: 'BILLING_READ',
  summary: "The usage table's rows for export (?format=csv|xlsx): the caller's company, or for an admin target_company_id's.",
  input: zUsageQuery.extend({ target_company_id: zCompanyId.optional() }),
  output: zPageOf(zBillingHistoryRow),
  access: { roles: ['customer', 'admin'] },
  exportable: { fileName: 'usage-history' },
  example: { target_from: '2020-01-01', target_to: '2020-01-31' },
});
