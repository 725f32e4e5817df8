import { type CallContext, type ContextDeps, type Logger, runInContext, systemSource } from './context.ts';
import { type JobRun, recordJobRun, registerJobs } from './job-runs.ts';

const MAX_BATCHES_PER_TICK = 100;

export interface ScheduledJob {
  name: string;
  everyMs: number;
  /** Runs in its own transaction as the system actor; returns how many rows it handled, for the log and the status screen. */
  run(ctx: CallContext): Promise<number>;
}

/**
 * Runs each job on its interval. Jobs lock the rows they take, skipping rows locked elsewhere, and only
 * move rows that are due, so every app node may run the scheduler at once. Tests call the jobs
 * directly with a moved clock instead of waiting.
 */
export function startScheduler(deps: ContextDeps, jobs: readonly ScheduledJob[], log: Logger, onMail: () => void) {
  let stopped = false;
  const runs = new Set<Promise<void>>();
  const registered = registerJobs(
    deps.db,
    jobs.map((job) => job.name),
  ).catch((err) => log.error({ err }, 'scheduled jobs not registered for the status screen'));
  runs.add(registered);
  const timers = jobs.map((job) => {
    let running = false;
    const tick = () => {
      if (running || stopped) return;
      running = true;
      const run = drainJob(deps, job, log, onMail, () => stopped).finally(() => {
        running = false;
        runs.delete(run);
      });
      runs.add(run);
    };
    tick();
    return setInterval(tick, deps.config.JOB_INTERVALS[job.name] ?? job.everyMs);
  });
  /** Starts no further batch and resolves once the batches already running have committed or rolled back. */
  return async () => {
    stopped = true;
    for (const t of timers) clearInterval(t);
    await Promise.all([...runs]);
  };
}

/**
 * Runs one job until it finds nothing due (or `stop` says so between batches): a job takes a bounded batch
 * per transaction, so a backlog is drained batch after batch and a stopping node leaves no batch half-done.
 * The run (all its batches) is counted in the metrics and recorded as the job's latest for the status screen.
 */
export async function drainJob(
  deps: ContextDeps,
  job: ScheduledJob,
  log: Logger,
  onMail: () => void,
  stop: () => boolean = () => false,
): Promise<void> {
  const startedAt = deps.clock.now();
  const started = performance.now();
  let rows = 0;
  let error: string | null = null;
  try {
    for (let batch = 0; batch < MAX_BATCHES_PER_TICK && !stop(); batch++) {
      const n = await runInContext(deps, systemSource(log, onMail), (ctx) => job.run(ctx as CallContext));
      if (!n) break;
      rows += n;
      log.info({ job: job.name, handled: n }, 'scheduled job handled rows');
    }
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
    log.error({ err, job: job.name }, 'scheduled job failed');
  }
  const run: JobRun = { name: job.name, startedAt, durationMs: performance.now() - started, rows, error };
  deps.metrics?.jobRun(run);
  try {
    await recordJobRun(deps.db, run);
  } catch (err) {
    log.error({ err, job: job.name }, 'scheduled job run not recorded');
  }
}
