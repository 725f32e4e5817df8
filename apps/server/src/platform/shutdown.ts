import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** Stops the scheduler: no batch starts after it is called, and it resolves when the running ones are done. */
  stopJobs: () => Promise<void>;
  /** How long /readyz says unready while the node still serves, for the balancer to stop sending requests. */
  drainMs: number;
  /** How long the jobs and the requests in flight are given to finish after that. */
  timeoutMs: number;
}

/**
 * Takes a node out of service without cutting anyone off (docs/deployment.md): /readyz turns unready
 * first and the node keeps serving while the balancer notices; then the scheduler stops between batches,
 * the app stops taking connections, lets the requests in flight finish and ends its live streams (whose
 * browsers reconnect to another node after the stream's retry hint), and finishes the work started after
 * answers. 'timeout' when that took longer than allowed: the caller exits anyway.
 */
export async function shutDown(app: FastifyInstance, opts: ShutdownOptions): Promise<'closed' | 'timeout'> {
  app.drain();
  app.log.info({ drainMs: opts.drainMs }, 'shutting down: /readyz is unready, draining');
  await new Promise((r) => setTimeout(r, opts.drainMs));
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), opts.timeoutMs);
  });
  const close = (async () => {
    await opts.stopJobs();
    await app.close();
    return 'closed' as const;
  })();
  try {
    return await Promise.race([close, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
