import { z } from 'zod';
import { zDay } from '../billing/fields.ts';
import { defineCall } from '../shared/define-call.ts';

/**
 * The Downloads tab of /reports (spec-2 §2.9, §7): each call answers a CSV or XLSX file streamed from the
 * database. `GET <path>?<input>` sends the file (a form submit or a link); the POST answers its name. What
 * each file holds is docs/decisions/0062.
 */
export const DOWNLOAD_FORMATS = ['csv', 'xlsx'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** The first month each by-month report offers (spec-2 §9: feedback from 2023, usage from 2022). */
export const FEEDBACK_FIRST_MONTH = '2023-01';
export const USAGE_FIRST_MONTH = '2022-01';

export const YEAR_MONTH_MESSAGE = 'Please choose a month as YYYY-MM';
export const MONTH_IN_FUTURE_MESSAGE = 'The month cannot be later than this month';
export const START_AFTER_END_MESSAGE = 'The start date cannot be later than the end date';
export const monthTooEarlyMessage = (first: string) => `Please choose a month from ${first}`;

const zFormat = z.enum(DOWNLOAD_FORMATS).default('csv');

/** A calendar month as YYYY-MM, not before `first`; the server checks it is not after this month. */
function zYearMonth(first: string) {
  return z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: YEAR_MONTH_MESSAGE })
    .refine((s) => s >= first, monthTooEarlyMessage(first));
}

export const zDownloadedFile = z.object({ filename: z.string(), content_type: z.string() });

const ADMIN = { roles: ['admin'] } as const;

export const dailyGeneralReport = defineCall({
  path: '/api/v1/reports/daily_general_report',
  summary:
    'Every company as it stood at the end of date_of_download (Pacific/Auckland): state, balance, that day’s devices, boosters, storage and charges. include_extra_data adds deleted accounts.',
  input: z.object({ date_of_download: zDay, include_extra_data: z.boolean().default(false), format: zFormat }),
  output: zDownloadedFile,
  access: ADMIN,
  download: true,
  example: { date_of_download: '2026-11-20', include_extra_data: true, format: 'xlsx' },
});

export const enterpriseDeals = defineCall({
  path: '/api/v1/reports/enterprise_deals',
  summary:
    'Enterprise deals (contract billing or the Enterprise plan): per company and service kind, the days charged, average and peak daily quantity and the amount charged from start_date to end_date.',
  input: z.object({ start_date: zDay, end_date: zDay, format: zFormat }),
  output: zDownloadedFile,
  access: ADMIN,
  download: true,
  example: { start_date: '2026-10-01', end_date: '2026-10-31', format: 'csv' },
});

export const reportFeedbacks = defineCall({
  path: '/api/v1/reports/report_feedbacks',
  summary:
    'What customers told the portal in year_month (from 2023-01): how each ticket was closed (reason, other reason, whether an update was needed) and each account’s move to deleted or suspended with its reason.',
  input: z.object({ year_month: zYearMonth(FEEDBACK_FIRST_MONTH), format: zFormat }),
  output: zDownloadedFile,
  access: ADMIN,
  download: true,
  example: { year_month: '2026-10', format: 'csv' },
});

export const reportNebula = defineCall({
  path: '/api/v1/reports/report_nebula',
  summary: 'Usage in year_month (from 2022-01): per company and service kind, the days charged, the peak daily quantity and the amount.',
  input: z.object({ year_month: zYearMonth(USAGE_FIRST_MONTH), format: zFormat }),
  output: zDownloadedFile,
  access: ADMIN,
  download: true,
  example: { year_month: '2026-10', format: 'csv' },
});

export const reportCommission = defineCall({
  path: '/api/v1/reports/report_commission',
  summary:
    'Per distributor, last month’s usage of its sub-accounts, DIRECT and INDIRECT, with storage (0%) apart, and the discount and indirect commission on it (rounded up).',
  input: z.object({ format: zFormat }),
  output: zDownloadedFile,
  access: ADMIN,
  download: true,
});

export const reportBalances = defineCall({
  path: '/api/v1/reports/report_balances',
  summary: 'Every company not deleted: its balance, credit received, charges and expired credit, in cents.',
  input: z.object({ format: zFormat }),
  output: zDownloadedFile,
  access: ADMIN,
  download: true,
});

export const reportConsumption = defineCall({
  path: '/api/v1/reports/report_consumption',
  summary: 'Every company not deleted: charges last month and this month so far, and its latest devices, boosters and storage.',
  input: z.object({ format: zFormat }),
  output: zDownloadedFile,
  access: ADMIN,
  download: true,
});

export const reportServerFeatures = defineCall({
  path: '/api/v1/reports/report_server_features',
  summary: 'Server telemetry: each licence in service with the version, devices and boosters (by kind) its server last reported.',
  input: z.object({ format: zFormat }),
  output: zDownloadedFile,
  access: ADMIN,
  download: true,
});

export const reportTickets = defineCall({
  path: '/api/v1/reports/report_tickets',
  summary: 'Ticket statistics for each of the last 12 months: opened, closed by reason, closed needing an update, open at the month’s end.',
  input: z.object({ format: zFormat }),
  output: zDownloadedFile,
  access: ADMIN,
  download: true,
});

export const reportCustomersByServerVersion = defineCall({
  path: '/api/v1/reports/report_customers_by_server_version',
  summary:
    'The companies whose servers in service (licences and hosted consoles) report version_key: company_name, primary_email, server_count, device_count.',
  input: z.object({ version_key: z.string().trim().min(1).max(50), format: zFormat }),
  output: zDownloadedFile,
  access: ADMIN,
  download: true,
  example: { version_key: '24.9.0', format: 'xlsx' },
});

export const REPORT_DOWNLOAD_CALLS = [
  dailyGeneralReport,
  enterpriseDeals,
  reportFeedbacks,
  reportNebula,
  reportCommission,
  reportBalances,
  reportConsumption,
  reportServerFeatures,
  reportTickets,
  reportCustomersByServerVersion,
] as const;

/** A configured link to an external analytics question (REPORTS_ANALYTICS_LINKS, docs/decisions/0062). */
export const zAnalyticsLink = z.object({ label: z.string(), url: z.string() });

export const reportAnalyticsLinks = defineCall({
  path: '/api/v1/reports/analytics_links',
  summary: 'The external analytics questions the Downloads tab links to, as configured (REPORTS_ANALYTICS_LINKS).',
  input: z.object({}),
  output: z.object({ links: z.array(zAnalyticsLink) }),
  access: ADMIN,
});
