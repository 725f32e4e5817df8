import { z } from 'zod';
import { zServiceKind } from '../billing/fields.ts';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyId, zCompanyState, zId, zTimestamp } from '../shared/fields.ts';
import { zRegionCode } from '../shared/plans.ts';

/** Spec-2 §7: 'YYYY-MM', a Pacific/Auckland calendar month (charges are kept per Auckland day). */
export const zYearMonth = z.string().regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, { error: 'Please choose a month' });

/** A tri-state filter: null is "either", true keeps only the companies with the flag, false only those without. */
const zTriState = z.boolean().nullable().default(null);

export const customerUsageInput = z.object({
  target_year_month: zYearMonth,
  target_region_id: z.array(zRegionCode).max(20).default([]),
  /** A distributor's sub-accounts only; the other filters are then ignored and has-real-usage is on (decision 0060). */
  target_distributor_id: zCompanyId.nullable().default(null),
  /** Needs the sales-commission capability (spec-2 §6). */
  target_sales_id: zId.nullable().default(null),
  target_filter_is_vip: zTriState,
  target_filter_is_managed: zTriState,
  target_filter_is_partner: zTriState,
  target_filter_has_real_usage: zTriState,
  target_filter_has_contract_billing: zTriState,
});
export type CustomerUsageFilters = z.input<typeof customerUsageInput>;

/** One service type's charges in the month: their total, how many there were and the most units on one day. */
export const zUsageByType = z.object({
  type: zServiceKind,
  charge_total_cents: z.number().int(),
  charge_count: z.number().int().min(0),
  peak_quantity: z.number().int().min(0),
});

/** The company as seen in reports (spec-2 §3) with its usage for the month. */
export const zCustomerUsageRow = z.object({
  id: zCompanyId,
  company_name: z.string(),
  company_type: z.enum(['customer', 'distributor']),
  distributor: z.object({ id: zCompanyId, company_name: z.string() }).nullable(),
  is_vip: z.boolean(),
  is_partner_company: z.boolean(),
  is_internal_comet_company: z.boolean(),
  is_managed: z.boolean(),
  region: z.object({ code: z.string() }),
  users: z.array(z.object({ email: z.string(), contact_name: z.string() })),
  balance: z.number().int(),
  usage: z.array(zUsageByType),
  usage_total_cents: z.number().int(),
  has_real_usage: z.boolean(),
  state: zCompanyState,
  has_contract_billing: z.boolean(),
  latest_plan: z.object({ name: z.string() }),
  sales_id: zId.nullable(),
  first_active_at: zTimestamp.nullable(),
  created_at: zTimestamp,
  deleted_at: zTimestamp.nullable(),
});
export type CustomerUsageRow = z.infer<typeof zCustomerUsageRow>;

export const COMPANIES_LOADED = 'COMPANIES_LOADED';

/** The stream's events: first the total, then one row per company. */
export const zCustomerUsageEvent = z.discriminatedUnion('event', [
  z.object({ event: z.literal(COMPANIES_LOADED), total: z.number().int().min(0) }),
  z.object({ event: z.literal('COMPANY'), row: zCustomerUsageRow }),
]);
export type CustomerUsageEvent = z.infer<typeof zCustomerUsageEvent>;

/**
 * Streamed (decision 0060): the answer is the usual envelope, written one event per line as the rows come from
 * the database, so a page can show each row as it arrives and any client can still read it whole.
 */
export const adminUsageReport = defineCall({
  path: '/api/v1/web/AdminUsageReport.json',
  summary:
    "Every customer and distributor company matching the filters with its usage for the month by service type, streamed: COMPANIES_LOADED with the total, then one event per company. Line by line: the envelope's first line, one event a line (after the first, each starts with a comma), and the closing ']}' line; a stream without its closing line was cut short.",
  input: customerUsageInput,
  output: z.array(zCustomerUsageEvent),
  access: { roles: ['admin'] },
  example: { target_year_month: '2026-01' },
});
