import {
  CURRENT_MONTH_WIDGET_IDS,
  type CurrentMonthDataOf,
  type CurrentMonthWidgetId,
  type SignupEngagementFilter,
} from '@portal/contract/reports/current-month';
import type { Actor } from '../../../platform/access.ts';
import type { CallContext } from '../../../platform/context.ts';
import type { Database } from '../../../platform/db.ts';
import { reportReader } from '../../../platform/replica.ts';
import * as q from '../queries/current-month.ts';
import { aucklandDay, computeWidget, defaultEngagementStart, type WidgetParams } from './widgets.ts';

export interface WidgetAnswer<I extends CurrentMonthWidgetId = CurrentMonthWidgetId> {
  cached_at: string;
  refreshable: boolean;
  data: CurrentMonthDataOf<I>;
}

type Ctx = Pick<CallContext<Actor | null>, 'db' | 'clock' | 'config'>;

/** The job regenerates a widget whose answer is older than this; requests never wait for it. */
export const REGENERATE_AFTER_MS = 15 * 60_000;

/** The widget's parameters, defaults filled in, and the cache key they make ('' for a widget without any). */
function paramsOf(id: CurrentMonthWidgetId, today: string, given: Partial<WidgetParams>): { params: WidgetParams; key: string } {
  const params = {
    start_time: given.start_time ?? defaultEngagementStart(today),
    filter: given.filter ?? ('all' as SignupEngagementFilter),
  };
  return { params, key: id === 'admin_signup_engagement' ? `start_time=${params.start_time}&filter=${params.filter}` : '' };
}

function answerOf<I extends CurrentMonthWidgetId>(row: q.CacheRow): WidgetAnswer<I> {
  return { cached_at: (row.cached_at ?? new Date(0)).toISOString(), refreshable: true, data: row.data as CurrentMonthDataOf<I> };
}

/**
 * Computes the widget again and stores it, one regeneration at a time: the cache row is locked while the
 * widget is computed (from the replica when there is one), and a caller that waited for the lock while another
 * regenerated answers that work (`generation` moved on) instead of repeating it. `unlessFresh`: the job leaves a
 * widget computed less than REGENERATE_AFTER_MS ago.
 */
async function regenerate(ctx: Ctx, id: CurrentMonthWidgetId, today: string, params: WidgetParams, key: string, unlessFresh = false) {
  const seen = await q.cacheRow(ctx.db, id, key);
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const row = await q.lockCacheRow(db, id, key);
    const now = ctx.clock.now();
    const regeneratedMeanwhile = row.data !== null && row.generation > (seen?.generation ?? 0);
    const fresh = row.cached_at !== null && now.getTime() - row.cached_at.getTime() < REGENERATE_AFTER_MS;
    if (regeneratedMeanwhile || (unlessFresh && fresh && row.data !== null)) return { row, regenerated: false };
    const started = performance.now();
    // On the replica when there is one; else in this transaction (PGlite has a single connection).
    const data = await computeWidget(reportReader(ctx.config, db), id, today, params);
    const generation_ms = Math.round(performance.now() - started);
    return { row: await q.storeCacheRow(db, id, key, { data, cached_at: now, generation_ms }), regenerated: true };
  });
}

/**
 * A Current Month widget: its cached answer, or on a miss (or with `refresh`) computed and stored first.
 * The TV wall reads admin_monthly_totals and admin_signup_by_month through it.
 */
export async function readWidget<I extends CurrentMonthWidgetId>(
  ctx: Ctx,
  id: I,
  given: Partial<WidgetParams> = {},
  opts: { refresh?: boolean } = {},
): Promise<WidgetAnswer<I>> {
  const today = aucklandDay(ctx.clock.now());
  const { params, key } = paramsOf(id, today, given);
  if (!opts.refresh) {
    const cached = await q.cacheRow(ctx.db, id, key);
    if (cached?.data) return answerOf<I>(cached);
  }
  const { row } = await regenerate(ctx, id, today, params, key);
  return answerOf<I>(row);
}

/** The scheduled job: every widget with its default parameters, regenerated when older than REGENERATE_AFTER_MS. */
export async function regenerateWidgetsJob(ctx: Ctx): Promise<number> {
  const today = aucklandDay(ctx.clock.now());
  let regenerated = 0;
  for (const id of CURRENT_MONTH_WIDGET_IDS) {
    const { params, key } = paramsOf(id, today, {});
    if ((await regenerate(ctx, id, today, params, key, true)).regenerated) regenerated += 1;
  }
  return regenerated;
}

/** Each cached widget: how long it took to compute the last time and how many times it has been (bench, tests). */
export function cacheState(db: Database): Promise<{ widget_id: string; params: string; generation_ms: number; generation: number }[]> {
  return q.cacheState(db);
}

/** `/api/v1/reports/current_month`: the widget the admin asked for, regenerated first with refresh=1. */
export function currentMonth(
  ctx: Ctx,
  input: { id: CurrentMonthWidgetId; start_time?: string | undefined; filter: SignupEngagementFilter; refresh: boolean },
): Promise<WidgetAnswer> {
  return readWidget(ctx, input.id, { start_time: input.start_time, filter: input.filter }, { refresh: input.refresh });
}
