import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCents, zTimestamp } from '../shared/fields.ts';

/**
 * The Current Month tab's nine widgets (spec-2 §2.9, §7): each answer is kept in a cache the job
 * 'regenerate-report-widgets' refreshes, with when it was made. Definitions: docs/decisions/0059.
 */
export const CURRENT_MONTH_WIDGET_IDS = [
  'admin_monthly_totals',
  'admin_signup_by_month',
  'admin_active_partners',
  'admin_booster_totals',
  'admin_booster_winners_and_losers',
  'admin_device_os_usage_by_month',
  'admin_device_winners_and_losers',
  'admin_servers_by_version',
  'admin_signup_engagement',
] as const;
export type CurrentMonthWidgetId = (typeof CURRENT_MONTH_WIDGET_IDS)[number];

/** Which companies the signup engagement funnel follows. */
export const SIGNUP_ENGAGEMENT_FILTERS = ['all', 'direct', 'distributor_sub_accounts', 'distributors'] as const;
export type SignupEngagementFilter = (typeof SIGNUP_ENGAGEMENT_FILTERS)[number];

/** The months the monthly widgets cover, the current one included; the days the daily ones cover (§9: 60). */
export const CURRENT_MONTH_MONTHS = 12;
export const CURRENT_MONTH_DAYS = 60;
/** §9: winners and losers compare against 7 days before; the widget lists this many of each. */
export const WINNERS_LOSERS_DAYS = 7;
export const WINNERS_LOSERS_LIMIT = 10;
/** §9: booster figures count only servers above this version. */
export const BOOSTER_MINIMUM_VERSION = '22.3.0';

/** 'YYYY-MM', a Pacific/Auckland calendar month. */
const zMonth = z.string().regex(/^\d{4}-\d{2}$/);
/** 'YYYY-MM-DD', a Pacific/Auckland calendar day that exists, from 2000 on. */
const zDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((day) => {
    const at = new Date(`${day}T00:00:00Z`);
    return day >= '2000-01-01' && !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day);
  }, 'Please enter a valid date');
const zCount = z.number().int().min(0);

export const zMonthlyTotalsRow = z.object({
  month: zMonth,
  /** The month still running: its figures are so far. */
  is_partial: z.boolean(),
  active_companies: zCount,
  devices: zCount,
  boosters: zCount,
  storage_bytes: zCount,
  /** Usage charged against credit in the month (prepaid charging, not money received). */
  revenue_charged: zCents,
});
export type MonthlyTotalsRow = z.infer<typeof zMonthlyTotalsRow>;

export const zSignupMonthRow = z.object({
  month: zMonth,
  signups: zCount,
  /** The current month only: the signups so far scaled to the whole month (decision 0059); null otherwise. */
  estimate: zCount.nullable(),
});

export const zActivePartnersRow = z.object({ date: zDay, active_partners: zCount });

export const zBoosterTotalsRow = z.object({
  date: zDay,
  microsoft365: zCount,
  disk_image: zCount,
  mssql: zCount,
  hyperv: zCount,
  vmware: zCount,
  proxmox: zCount,
  total: zCount,
});

export const zWinnerLoserRow = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  count_before: zCount,
  count_now: zCount,
  change: z.number().int(),
});
export type WinnerLoserRow = z.infer<typeof zWinnerLoserRow>;
const zWinnersAndLosers = z.object({
  /** The day compared (the latest day with stats) and the day 7 days before it. */
  date: zDay.nullable(),
  compared_with: zDay.nullable(),
  winners: z.array(zWinnerLoserRow),
  losers: z.array(zWinnerLoserRow),
});

export const zDeviceOsRow = z.object({
  month: zMonth,
  /** The operating system the device's server reported; 'Not reported' when it has reported none. */
  os: z.string(),
  devices: zCount,
});

export const zServersByVersionRow = z.object({
  /** 'Unknown' for servers that have not reported a version. */
  version: z.string(),
  servers: zCount,
  companies: zCount,
  devices: zCount,
});

export const zSignupEngagement = z.object({
  start_time: zDay,
  filter: z.enum(SIGNUP_ENGAGEMENT_FILTERS),
  signed_up: zCount,
  completed_signup: zCount,
  downloaded: zCount,
  first_device: zCount,
  paid: zCount,
});
export type SignupEngagement = z.infer<typeof zSignupEngagement>;

export const currentMonthData = z.discriminatedUnion('id', [
  z.object({ id: z.literal('admin_monthly_totals'), rows: z.array(zMonthlyTotalsRow) }),
  z.object({ id: z.literal('admin_signup_by_month'), rows: z.array(zSignupMonthRow) }),
  z.object({ id: z.literal('admin_active_partners'), rows: z.array(zActivePartnersRow) }),
  z.object({ id: z.literal('admin_booster_totals'), rows: z.array(zBoosterTotalsRow) }),
  z.object({ id: z.literal('admin_booster_winners_and_losers'), ...zWinnersAndLosers.shape }),
  z.object({ id: z.literal('admin_device_os_usage_by_month'), rows: z.array(zDeviceOsRow) }),
  z.object({ id: z.literal('admin_device_winners_and_losers'), ...zWinnersAndLosers.shape }),
  z.object({ id: z.literal('admin_servers_by_version'), rows: z.array(zServersByVersionRow) }),
  z.object({ id: z.literal('admin_signup_engagement'), ...zSignupEngagement.shape }),
]);
export type CurrentMonthData = z.infer<typeof currentMonthData>;
export type CurrentMonthDataOf<I extends CurrentMonthWidgetId> = Extract<CurrentMonthData, { id: I }>;

export const currentMonthOutput = z.object({
  /** When the figures were computed (not when they were read). */
  cached_at: zTimestamp,
  /** Whether refresh=1 may force the widget to be computed again. */
  refreshable: z.boolean(),
  data: currentMonthData,
});
export type CurrentMonthOutput = z.infer<typeof currentMonthOutput>;

export const currentMonth = defineCall({
  path: '/api/v1/reports/current_month',
  summary:
    'A Current Month widget (spec-2 §2.9, §7) from its cache, computed when it has none: admin_monthly_totals, admin_signup_by_month, admin_active_partners, admin_booster_totals, admin_booster_winners_and_losers, admin_device_os_usage_by_month, admin_device_winners_and_losers, admin_servers_by_version, admin_signup_engagement (start_time, a Pacific/Auckland day; filter). refresh=1 computes it again. Answers cached_at, refreshable and data. Definitions: decision 0059.',
  input: z.object({
    id: z.enum(CURRENT_MONTH_WIDGET_IDS),
    /** admin_signup_engagement: the first signup day followed (default: the first day of the month 3 months ago). */
    start_time: zDay.optional(),
    filter: z.enum(SIGNUP_ENGAGEMENT_FILTERS).default('all'),
    refresh: z.boolean().default(false),
  }),
  output: currentMonthOutput,
  access: { roles: ['admin'] },
  example: { id: 'admin_monthly_totals' },
});
