import { type CallContext, type ContextDeps, type Logger, runInContext, systemSource } from './context.ts';

const MAX_BATCHES_PER_TICK = 100;

export interface ScheduledJob {
  name: string;
  everyMs: number;
  /** Runs in its own transaction as the system actor; returns how many rows it handled, for the log. */
  run(ctx: CallContext): Promise<number>;
}

/**
 * Runs each job on its interval. Jobs lock the rows they take, skipping rows locked elsewhere, and only
 * move rows that are due, so every app node may run the scheduler at once. Tests call the jobs
 * directly with a moved clock instead of waiting.
 */
export function startScheduler(deps: ContextDeps, jobs: readonly ScheduledJob[], log: Logger, onMail: () => void) {
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        // A job takes a bounded batch per transaction; a backlog is drained batch after batch.
        for (let batch = 0; batch < MAX_BATCHES_PER_TICK; batch++) {
          const n = await runInContext(deps, systemSource(log, onMail), (ctx) => job.run(ctx as CallContext));
          if (!n) break;
          log.info({ job: job.name, handled: n }, 'scheduled job handled rows');
        }
      } catch (err) {
        log.error({ err, job: job.name }, 'scheduled job failed');
      } finally {
        running = false;
      }
    };
    void tick();
    return setInterval(tick, deps.config.JOB_INTERVALS[job.name] ?? job.everyMs);
  });
  return () => {
    for (const t of timers) clearInterval(t);
  };
}
