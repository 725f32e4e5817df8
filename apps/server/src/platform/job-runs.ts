import { asc, notInArray, sql } from 'drizzle-orm';
import type { Database } from './db.ts';
import { scheduledJobs } from './tables.ts';

export type ScheduledJobRow = typeof scheduledJobs.$inferSelect;

/** One run of a scheduled job: every batch of one tick, until the job found nothing due or failed. */
export interface JobRun {
  name: string;
  startedAt: Date;
  durationMs: number;
  rows: number;
  /** The failure's message; null when the run succeeded. */
  error: string | null;
}

/** The longest error message kept: enough for a driver's message and its detail, never a whole dump. */
const MAX_ERROR_LENGTH = 2000;

/**
 * Gives each job the scheduler runs a row, so the status screen lists a job before its first run ends, and
 * drops the rows of jobs this version no longer has.
 */
export async function registerJobs(db: Database, names: readonly string[]): Promise<void> {
  if (!names.length) return;
  await db
    .insert(scheduledJobs)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  await db.delete(scheduledJobs).where(notInArray(scheduledJobs.name, [...names]));
}

/**
 * Records a run as the job's latest. Every node runs every job: a run that started before the one already
 * recorded (a slower node finishing late) does not replace it. A success keeps the last error for the screen.
 */
export async function recordJobRun(db: Database, run: JobRun): Promise<void> {
  const latest = {
    last_started_at: run.startedAt,
    last_duration_ms: Math.round(run.durationMs),
    last_rows: run.rows,
    last_succeeded: run.error === null,
  };
  const failure = run.error === null ? {} : { last_error: run.error.slice(0, MAX_ERROR_LENGTH), last_error_at: run.startedAt };
  await db
    .insert(scheduledJobs)
    .values({ name: run.name, ...latest, ...failure })
    .onConflictDoUpdate({
      target: scheduledJobs.name,
      set: { ...latest, ...failure },
      setWhere: sql`${scheduledJobs.last_started_at} is null or ${scheduledJobs.last_started_at} <= excluded.last_started_at`,
    });
}

/** Every job's row, by name. */
export function listScheduledJobs(db: Database): Promise<ScheduledJobRow[]> {
  return db.select().from(scheduledJobs).orderBy(asc(scheduledJobs.name));
}
