import type { Clock } from './clock.ts';
import type { Database } from './db.ts';

const MAX_BATCHES_PER_TICK = 100;

export interface ScheduledJob {
  name: string;
  everyMs: number;
  /** Runs in its own transaction; returns how many rows it handled, for the log. */
  run(db: Database, clock: Clock): Promise<number>;
}

/**
 * Runs each job on its interval. Jobs lock the rows they take (FOR UPDATE SKIP LOCKED) and only
 * move rows that are due, so every app node may run the scheduler at once. Tests call the jobs
 * directly with a moved clock instead of waiting.
 */
export function startScheduler(db: Database, clock: Clock, jobs: readonly ScheduledJob[], log: (msg: string, err?: unknown) => void) {
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        // A job takes a bounded batch per transaction; a backlog is drained batch after batch.
        for (let batch = 0; batch < MAX_BATCHES_PER_TICK; batch++) {
          const n = await db.transaction((tx) => job.run(tx as unknown as Database, clock));
          if (!n) break;
          log(`job ${job.name}: ${n} handled`);
        }
      } catch (err) {
        log(`job ${job.name} failed`, err);
      } finally {
        running = false;
      }
    };
    void tick();
    return setInterval(tick, job.everyMs);
  });
  return () => {
    for (const t of timers) clearInterval(t);
  };
}
