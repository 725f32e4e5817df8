import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from './clock.ts';
import type { Database } from './db.ts';
import type { JobRun } from './job-runs.ts';
import { outboxBacklog } from './mail.ts';

/** A call's latency: most answer in milliseconds, reports and exports take seconds. */
const CALL_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A job's run: an empty tick takes milliseconds, the daily charging of every company minutes. */
const JOB_BUCKETS = [0.01, 0.05, 0.25, 1, 5, 15, 60, 300, 900];

/** 200 -> '2xx': five values, so a call's series stay few whatever it answers. */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * This node's figures for Prometheus (docs/decisions/0078): calls by contract path and status class, scheduled
 * jobs, and gauges read at each scrape (the mail outbox, the database pool, the session cache). Labels are only
 * contract paths and job names, so the number of series is bounded by the code, never by requests.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly calls = new Counter({
    name: 'portal_calls_total',
    help: 'Calls answered, by contract path and status class.',
    labelNames: ['call', 'status_class'] as const,
    registers: [this.registry],
  });
  private readonly callSeconds = new Histogram({
    name: 'portal_call_duration_seconds',
    help: 'Time from request to answer, by contract path and status class.',
    labelNames: ['call', 'status_class'] as const,
    buckets: CALL_BUCKETS,
    registers: [this.registry],
  });
  private readonly jobRuns = new Counter({
    name: 'portal_job_runs_total',
    help: 'Scheduled job runs on this node, failed ones included.',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });
  private readonly jobFailures = new Counter({
    name: 'portal_job_failures_total',
    help: 'Scheduled job runs that failed.',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });
  private readonly jobSeconds = new Histogram({
    name: 'portal_job_duration_seconds',
    help: 'How long a scheduled job run took, all its batches.',
    labelNames: ['job'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });
  private readonly jobRows = new Counter({
    name: 'portal_job_rows_total',
    help: 'Rows scheduled jobs handled.',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });
  private readonly jobLastFailed = new Gauge({
    name: 'portal_job_last_run_failed',
    help: "1 when the job's latest run on this node failed, 0 when it succeeded.",
    labelNames: ['job'] as const,
    registers: [this.registry],
  });
  private readonly jobLastSuccess = new Gauge({
    name: 'portal_job_last_success_timestamp_seconds',
    help: 'When a run of the job last succeeded on this node (Unix time).',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });

  constructor(private readonly onError: (err: unknown) => void) {}

  /** One answered call; `call` is the contract's path. */
  call(call: string, status: number, seconds: number): void {
    const labels = { call, status_class: statusClass(status) };
    this.calls.inc(labels);
    this.callSeconds.observe(labels, seconds);
  }

  jobRun(run: JobRun): void {
    const labels = { job: run.name };
    this.jobRuns.inc(labels);
    this.jobSeconds.observe(labels, run.durationMs / 1000);
    this.jobRows.inc(labels, run.rows);
    // A job's failures count from zero at its first run, so that rate() sees a series before the first failure.
    this.jobFailures.inc(labels, run.error === null ? 0 : 1);
    this.jobLastFailed.set(labels, run.error === null ? 0 : 1);
    if (run.error === null) this.jobLastSuccess.set(labels, (run.startedAt.getTime() + run.durationMs) / 1000);
  }

  /** The mail outbox's backlog, read from the database at each scrape (one statement for the three gauges). */
  watchOutbox(db: Database, clock: Clock): void {
    const read = onePerScrape(() => outboxBacklog(db));
    this.gauge('portal_mail_outbox_pending', 'Mail waiting to be sent (tries left).', read, (b) => b.pending);
    this.gauge('portal_mail_outbox_failed', 'Mail given up on after its last try, kept for an admin to see.', read, (b) => b.failed);
    this.gauge(
      'portal_mail_outbox_oldest_pending_age_seconds',
      'Age of the oldest mail waiting to be sent; 0 when none waits.',
      read,
      (b) => (b.oldestPendingAt ? Math.max(0, (clock.now().getTime() - b.oldestPendingAt.getTime()) / 1000) : 0),
    );
  }

  /** The PostgreSQL pool's use; PGlite has one connection and no pool, so nothing is shown for it. */
  watchPool(db: Database): void {
    const pool = (db as unknown as { $client?: unknown }).$client;
    if (!(pool instanceof pg.Pool)) return;
    const read = async () => pool;
    this.gauge('portal_db_pool_connections', 'Connections the pool holds open.', read, (p) => p.totalCount);
    this.gauge('portal_db_pool_idle_connections', 'Open connections no call is using.', read, (p) => p.idleCount);
    this.gauge('portal_db_pool_waiting_requests', 'Requests waiting for a connection.', read, (p) => p.waitingCount);
    // node-postgres opens at most 10 when the pool is not told otherwise.
    this.gauge('portal_db_pool_max_connections', 'The most connections the pool opens.', read, (p) => p.options.max ?? 10);
  }

  /** A count this node keeps elsewhere (the session cache's hits), exposed as a counter at each scrape. */
  countOf(name: string, help: string, read: () => number): void {
    new Counter({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  }

  /** The process's own figures: CPU, memory, event loop delay, garbage collection. Only where they are served. */
  withProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  private gauge<T>(name: string, help: string, read: () => Promise<T>, pick: (value: T) => number): void {
    const onError = this.onError;
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        // A database that cannot answer leaves the last figure and the rest of the scrape.
        try {
          this.set(pick(await read()));
        } catch (err) {
          onError(err);
        }
      },
    });
  }
}

/** Shares one read among the gauges of a scrape: they are collected together, so they await the same promise. */
function onePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= read().finally(() => {
      pending = null;
    });
    return pending;
  };
}
