import { z } from 'zod';
import { zDay } from '../billing/fields.ts';
import { defineCall } from '../shared/define-call.ts';
import { zTimestamp } from '../shared/fields.ts';
import { zMonthlyTotalsRow, zSignupMonthRow } from './current-month.ts';

export const TV_MESSAGES = {
  invalid: 'Invalid TV wall username or password',
  tooMany: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

/** The wall's figures (spec-2 §9): 60 days of daily stats, a refresh every 5 minutes, two tabs. */
export const TV_DAILY_STATS_DAYS = 60;
export const TV_REFRESH_MS = 5 * 60_000;

/** One day over every company (docs/decisions/0063). */
export const zTvDailyStats = z.object({
  date: zDay,
  device_count: z.number().int().min(0),
  booster_count: z.number().int().min(0),
  active_partner_count: z.number().int().min(0),
  hosted_comet_v2_count: z.number().int().min(0),
  cloudview_count: z.number().int().min(0),
  /** Bytes. */
  storage_amount_total: z.number().int().min(0),
  storage_active_count: z.number().int().min(0),
});
export type TvDailyStats = z.infer<typeof zTvDailyStats>;

/** Tickets over the 7 days to now (docs/decisions/0063). */
export const zTicketStats7d = z.object({
  opened: z.number().int().min(0),
  closed: z.number().int().min(0),
  open_now: z.number().int().min(0),
  critical_open: z.number().int().min(0),
});
export type TicketStats7d = z.infer<typeof zTicketStats7d>;

/** A current-month widget as /reports shows it: its data, when it was computed, whether it may be recomputed. */
const zWidgetOf = <D extends z.ZodType>(data: D) => z.object({ cached_at: zTimestamp, refreshable: z.boolean(), data });

export const reportsLive = defineCall({
  path: '/api/v1/reports/live',
  summary:
    "The TV wall's figures: the last 60 days of daily stats over every company, the last 7 days' tickets, and the Monthly Totals and Signups By Month widgets. Signed in by the wall's own username and password, not a session.",
  input: z.object({ username: z.string().max(200), password: z.string().max(200) }),
  output: z.object({
    daily_stats: z.array(zTvDailyStats),
    ticket_stats_7d: zTicketStats7d,
    report_admin_monthly_totals: zWidgetOf(z.object({ id: z.literal('admin_monthly_totals'), rows: z.array(zMonthlyTotalsRow) })),
    report_admin_signup_by_month: zWidgetOf(z.object({ id: z.literal('admin_signup_by_month'), rows: z.array(zSignupMonthRow) })),
  }),
  access: { public: true },
});
