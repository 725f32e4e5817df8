import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyId, zId } from '../shared/fields.ts';
import { zDay, zDayRange } from './fields.ts';

/** Spec-2 §9: the daily stats window. */
export const DAILY_STATS_WINDOW_DAYS = 60;

/** What a company ran on one day, as the servers reported it (spec-2 §3 daily stats). */
export const zDailyStats = z.object({
  company_id: zCompanyId,
  date: zDay,
  device_count: z.number().int().min(0),
  booster_count: z.number().int().min(0),
  hosted_comet_v2_count: z.number().int().min(0),
  cloudview_count: z.number().int().min(0),
  storage_amount_bytes: z.number().int().min(0),
  storage_active_count: z.number().int().min(0),
  /** The newest server version reported that day; null when none. */
  server_version: z.string().nullable(),
});
export type DailyStats = z.infer<typeof zDailyStats>;

export const adminDailyStatsList = defineCall({
  path: '/api/v1/admin/daily-stats/list',
  tokenPermission: 'ADMIN_REPORTS_READ',
  summary: 'Daily stats of the given companies, oldest first; at most the 60 days ending target_to (default: the last 60 days).',
  input: z
    .object({
      /** Companies an admin or staff member picked; staff read every company, so these are references. */
      target_company_ids: z.array(zId).min(1).max(100),
    })
    .extend(zDayRange.shape),
  output: z.object({ rows: z.array(zDailyStats), from: zDay, to: zDay }),
  access: { roles: ['admin', 'support', 'sales'] },
  example: { target_company_ids: [1], target_from: '2020-01-01', target_to: '2020-01-31' },
});
