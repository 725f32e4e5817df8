import { z } from 'zod';
import { zDay } from '../billing/fields.ts';
import { defineCall } from '../shared/define-call.ts';
import { zCentsNonNegative, zCompanyId, zCompanyState } from '../shared/fields.ts';

/**
 * The distributor usage report (spec-2 §2.9, §3 distributor usage row, §5 usage filters, §9 commission).
 * Every figure is defined in docs/decisions/0061-distributor-usage-and-commission.md.
 */

/** Spec-2 §5: admins may pick any month from 2017-01; distributors the last 12 months; nobody a future one. */
export const FIRST_REPORT_MONTH = '2017-01';
export const DISTRIBUTOR_REPORT_MONTHS = 12;
export const DISTRIBUTOR_USAGE_MESSAGES = {
  failed: 'Failed to generate report!',
  monthRange: 'Choose a month from 2017-01 up to this month',
  monthRecent: 'Choose one of the last 12 months',
  notDistributor: 'Distributor not found',
  percent: 'Enter a percentage from 0 to 100',
} as const;

export const zYearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Choose a month' });

/** Spec-2 §3: the item types of a usage row, one per billed service kind (both legacy storages are storage legacy). */
export const USAGE_ITEM_TYPES = [
  'device',
  'booster',
  'serial',
  'hosted_server',
  'storage',
  'storage_legacy',
  'cloudview',
  'account',
] as const;
export const zUsageItemType = z.enum(USAGE_ITEM_TYPES);
export type UsageItemType = (typeof USAGE_ITEM_TYPES)[number];

export const COMMISSION_TYPES = ['DIRECT', 'INDIRECT'] as const;
export type CommissionType = (typeof COMMISSION_TYPES)[number];

const zCount = z.number().int().min(0);
const zPercent = z
  .number({ error: DISTRIBUTOR_USAGE_MESSAGES.percent })
  .int({ error: DISTRIBUTOR_USAGE_MESSAGES.percent })
  .min(0, { error: DISTRIBUTOR_USAGE_MESSAGES.percent })
  .max(100, { error: DISTRIBUTOR_USAGE_MESSAGES.percent });

export const zUsageItem = z.object({
  type: zUsageItemType,
  /** The booster's kind (microsoft365, disk_image, ...); null for other types. */
  booster_type: z.string().nullable(),
  plan_id: z.string(),
  plan_description: z.string(),
  /** The most units charged on one day of the month (devices, protected items, licences; bytes for storage). */
  count: zCount,
  /** Charges (one per service and charge day) in the month. */
  charge_count: zCount,
  charge_total_cents: zCentsNonNegative,
  /** Microsoft 365 booster items: the most protected accounts charged on one day; 0 otherwise. */
  booster_365_account_count: zCount,
});
export type UsageItem = z.infer<typeof zUsageItem>;

export const zDailyUsage = z.object({ day: zDay, charge_total_cents: zCentsNonNegative });

export const zDistributorUsageRow = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  current_state: zCompanyState,
  commission_type: z.enum(COMMISSION_TYPES),
  custom_metadata_1: z.string(),
  custom_metadata_2: z.string(),
  custom_metadata_3: z.string(),
  items: z.array(zUsageItem),
  daily_usage: z.array(zDailyUsage),
  usage_total_cents: zCentsNonNegative,
  storage_total_cents: zCentsNonNegative,
});
export type DistributorUsageRow = z.infer<typeof zDistributorUsageRow>;

export const zCommissionRates = z.object({ discount_percent: zPercent, indirect_commission_percent: zPercent });

export const zDistributorUsageTotals = z.object({
  direct_usage_cents: zCentsNonNegative,
  direct_storage_cents: zCentsNonNegative,
  /** ceil((direct usage − direct storage) × discount_percent / 100). */
  discount_cents: zCentsNonNegative,
  indirect_usage_cents: zCentsNonNegative,
  indirect_storage_cents: zCentsNonNegative,
  /** ceil((indirect usage − indirect storage) × indirect_commission_percent / 100). */
  indirect_commission_cents: zCentsNonNegative,
});
export type DistributorUsageTotals = z.infer<typeof zDistributorUsageTotals>;

const zLabel = z.string();

export const distributorUsageV2 = defineCall({
  path: '/api/v1/reports/distributor_usage_v2',
  summary:
    "A distributor's sub-account usage in a month (spec-2 §3 usage row): items per service type, daily usage, commission type and custom metadata, with the distributor's labels, its commission percentages and the discount and indirect commission they give (docs/decisions/0061). yearmonth defaults to this month (Pacific/Auckland).",
  input: z.object({ id: zCompanyId, yearmonth: zYearMonth.optional() }),
  output: z.object({
    distributor_id: z.number().int(),
    distributor_name: z.string(),
    yearmonth: zYearMonth,
    custom_metadata_1_label: zLabel,
    custom_metadata_2_label: zLabel,
    custom_metadata_3_label: zLabel,
    rates: zCommissionRates,
    totals: zDistributorUsageTotals,
    rows: z.array(zDistributorUsageRow),
  }),
  access: { roles: ['admin', 'distributor'] },
  example: { id: 1 },
});

/**
 * A distributor's percentages, part of its settings: the company dialog's Distributor settings tab reads and sets
 * them; the report shows them (docs/decisions/0084).
 */
export const getDistributorCommission = defineCall({
  path: '/api/v1/reports/distributor_commission/get',
  summary: "A distributor's discount and indirect commission percentages; both 0 until an admin sets them.",
  input: z.object({ id: zCompanyId }),
  output: zCommissionRates,
  access: { roles: ['admin'] },
  example: { id: 1 },
});

/** Admins set a distributor's percentages; distributors read them in the report only (spec-2 §5). */
export const setDistributorCommission = defineCall({
  path: '/api/v1/reports/distributor_commission/set',
  summary: "Sets a distributor's discount and indirect commission percentages (0 to 100) used by its usage report.",
  input: z.object({ id: zCompanyId }).extend(zCommissionRates.shape),
  output: zCommissionRates,
  access: { roles: ['admin'] },
  example: { id: 1, discount_percent: 10, indirect_commission_percent: 5 },
});

export const zCompanyUsageMonth = z.object({
  yearmonth: zYearMonth,
  items: z.array(zUsageItem),
  usage_total_cents: zCentsNonNegative,
});
export type CompanyUsageMonth = z.infer<typeof zCompanyUsageMonth>;

/** How many months the company dialog's Reports tab shows, newest first. */
export const COMPANY_USAGE_MONTHS = 12;

export const companyUsageByMonth = defineCall({
  path: '/api/v1/reports/company_usage_by_month',
  summary:
    "A customer's usage in each of the last 12 months (Pacific/Auckland), newest first, with items per service type as in the distributor usage report: the company dialog's Reports tab (admin).",
  input: z.object({ id: zCompanyId }),
  output: z.object({ company_id: z.number().int(), months: z.array(zCompanyUsageMonth) }),
  access: { roles: ['admin'] },
});
