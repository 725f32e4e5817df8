/**
 * Start-then-check operations at an orchestrator, shared by every product the portal has built for a company
 * (hosted consoles, docs/decisions/0048; customer portals, 0057). It knows no product: each domain declares its own
 * provisioner interface over these types and keeps the operation id on its own row, so any node checks it and a
 * restart loses nothing. The production adapters speak the REST protocol of 0064 through provisioning-http.ts;
 * provisioning-local-server.ts serves that protocol locally with the operations below.
 */

/** Where an operation is: still running (look again at `check_at`), done, or failed with a message for the owner. */
export type Progress<T> = { state: 'pending'; check_at: Date } | { state: 'done'; result: T } | { state: 'failed'; message: string };

/**
 * A started operation: its id, and when it is worth checking. An empty id means the start did not reach the
 * orchestrator (provisioning-http.ts): the jobs keep it as "not started" and start again at `check_at`, which is safe
 * because every start is idempotent.
 */
export interface Started {
  operation: string;
  check_at: Date;
}

/**
 * The local orchestrator's operations: nothing is built, but each takes real time and a configured share fails.
 * The id carries when it ends and how (`local:<end ms>:<ok|fail>`), so it needs no state of its own and every node
 * agrees on it.
 */
export function localOperations(o: { failureRate: number; random?: () => number }) {
  const random = o.random ?? Math.random;
  return {
    start(now: Date, seconds: number): Started {
      const end = new Date(now.getTime() + seconds * 1000);
      return { operation: `local:${end.getTime()}:${random() < o.failureRate ? 'fail' : 'ok'}`, check_at: end };
    },
    progress<T>(operation: string, now: Date, failure: string, result: () => T): Progress<T> {
      const [kind, end, outcome] = operation.split(':');
      const endsAt = new Date(Number(end));
      if (kind !== 'local' || Number.isNaN(endsAt.getTime())) return { state: 'failed', message: `Unknown operation ${operation}` };
      if (now < endsAt) return { state: 'pending', check_at: endsAt };
      return outcome === 'ok' ? { state: 'done', result: result() } : { state: 'failed', message: failure };
    },
  };
}
