import autocannon from 'autocannon';
import type pg from 'pg';
import type { Statement } from './capture.ts';

export interface Measured {
  /** Completed requests (call: 2xx answers; bare: full sets of statements) per second. */
  rps: number;
  completed: number;
  /** Non-2xx answers (call) or failed iterations (bare). */
  failed: number;
  /** Connection errors and timeouts (call only). */
  errors: number;
  seconds: number;
  p50_ms: number;
  p90_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
}

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

function summarise(latencies: number[], failed: number, errors: number, seconds: number): Measured {
  const sorted = Float64Array.from(latencies).sort();
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    rps: round(latencies.length / seconds),
    completed: latencies.length,
    failed,
    errors,
    seconds: round(seconds),
    p50_ms: round(percentile(sorted, 0.5)),
    p90_ms: round(percentile(sorted, 0.9)),
    p95_ms: round(percentile(sorted, 0.95)),
    p99_ms: round(percentile(sorted, 0.99)),
    max_ms: round(sorted[sorted.length - 1] ?? Number.NaN),
  };
}

export interface CallTarget {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Drives the HTTP call with autocannon: `connections` keep-alive connections, each with one
 * request in flight, for `seconds`. Latencies are taken from autocannon's per-response event
 * (sub-millisecond, not the histogram's whole milliseconds), 2xx answers only.
 */
export async function runCall(target: CallTarget, connections: number, seconds: number): Promise<Measured> {
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...target.headers },
        body: target.body,
        connections,
        pipelining: 1,
        duration: seconds,
        timeout: 30,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    // The event passes (client, statusCode, resBytes, responseTime); @types/autocannon omits the client.
    instance.on('response', (...args: unknown[]) => {
      const [status, , ms] = args.slice(-3) as [number, number, number];
      if (status >= 200 && status < 300) latencies.push(ms);
      else failed++;
    });
  });
  const elapsed = (performance.now() - started) / 1000;
  return summarise(latencies, failed, result.errors + result.timeouts, elapsed);
}

/**
 * The bare baseline: the same statements with the same values, straight through node-postgres.
 * `connections` loops share a pool of as many clients; each iteration takes a client and runs
 * the statements one after another (as the call does inside its transaction), then gives it back.
 * Every loop stops by itself at the deadline.
 */
export async function runBare(pool: pg.Pool, statements: readonly Statement[], connections: number, seconds: number): Promise<Measured> {
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      let client: pg.PoolClient | null = null;
      try {
        client = await pool.connect();
        for (const s of statements) await client.query({ text: s.text, values: s.params, rowMode: 'array' });
        latencies.push(performance.now() - t0);
      } catch {
        failed++;
      } finally {
        client?.release();
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  return summarise(latencies, failed, 0, elapsed);
}
