/**
 * What the list benchmarks against a running server share: waiting for the server's start-up jobs, the signed-in
 * customer as an actor, the statements a service issues (captured through a Drizzle logger), one scenario measured
 * as call and bare, the floor, the server's profiling flags and the report's environment.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import type { Call } from '@portal/contract/shared/define-call';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Actor } from '../../apps/server/src/platform/access.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import type { CallContext } from '../../apps/server/src/platform/context.ts';
import type { Config } from '../../apps/server/src/config.ts';
import type { Database } from '../../apps/server/src/platform/db.ts';
import type { Statement } from './capture.ts';
import { serverVersion, withClient } from './database.ts';
import { type Measured, runBare, runCall } from './load.ts';
import { type Session, postJson } from './server.ts';

/** Waits until no other statement runs in the database for three checks in a row (at most a minute). */
export async function settled(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const deadline = Date.now() + 60_000;
  let quiet = 0;
  await withClient(url, async (c) => {
    while (quiet < 3 && Date.now() < deadline) {
      const { rows } = await c.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
        [name],
      );
      quiet = rows[0]?.n ? 0 : quiet + 1;
      await new Promise((r) => setTimeout(r, 500));
    }
  });
}

/** The user with this email as a signed-in customer of their company (what the session gives the call). */
export async function customerActor(url: string, email: string): Promise<Actor> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ id: number; company_id: number }>('select id, company_id from users where email = $1', [email]);
    const u = rows[0];
    if (!u) throw new Error(`${email} is not in the benchmark database`);
    return { userId: u.id, companyId: u.company_id, roles: ['any', 'customer'], capabilities: [] } as unknown as Actor;
  });
}

/**
 * Node flags for the server: BENCH_SERVER_NODE_ARGS as given (space-separated), or with BENCH_PROF=1 a CPU
 * profile written to /tmp/prof when the server stops.
 */
export function serverNodeArgs(): string[] {
  const given = process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  if (given.length) return given;
  return process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [];
}

export interface ListScenario {
  name: string;
  call: Call;
  body: Record<string, unknown>;
  /** The service the handler runs, given the call's validated input. */
  run(ctx: CallContext, input: never): Promise<{ rows: unknown[]; total: number }>;
}

/**
 * The SQL a service issues when run as `actor` against a Drizzle logger, in the order it was issued (statements
 * sent side by side included), with what the service answered. `config` where the service reads settings.
 */
export async function captureRun<T>(url: string, actor: Actor, run: (ctx: CallContext) => Promise<T>, config?: Config) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const statements: Statement[] = [];
  try {
    const db = drizzle({
      client: pool,
      logger: { logQuery: (text, params) => void statements.push({ text, params: [...params] }) },
    }) as unknown as Database;
    const ctx = { db, actor, clock: systemClock, ...(config ? { config } : {}) } as CallContext;
    return { statements, result: await run(ctx) };
  } finally {
    await pool.end();
  }
}

/** The SQL a call issues for one body: the body parsed by the call's contract, the service run as the actor. */
export async function captureService(url: string, actor: Actor, s: ListScenario) {
  const { statements, result } = await captureRun(url, actor, (ctx) => s.run(ctx, s.call.input.parse(s.body) as never));
  return { statements, rows: result.rows.length, total: result.total };
}

export interface ListResult {
  name: string;
  body: Record<string, unknown>;
  statements: number;
  rows: number;
  total: number;
  call: Measured;
  bare: Measured;
  ratio: number;
  pass: boolean;
}

export const fmt = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '-');

export interface ListRun {
  databaseUrl: string;
  origin: string;
  session: Session;
  actor: Actor;
  /** The bare loop's pool, as many clients as connections. */
  pool: pg.Pool;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  targetRatio: number;
  log: (line: string) => void;
}

/**
 * One scenario: its statements captured, one real call checked against them (status, rows, total), then the call
 * and the bare statements each warmed up and measured at `connections`.
 */
export async function measureList(r: ListRun, s: ListScenario): Promise<ListResult> {
  const cap = await captureService(r.databaseUrl, r.actor, s);
  const url = `${r.origin}${s.call.path}`;
  const check = await postJson(url, s.body, r.session.headers);
  const json = (await check.json()) as { data?: { rows?: unknown[]; total?: number } };
  if (check.status !== 200 || json.data?.rows?.length !== cap.rows || json.data?.total !== cap.total) {
    throw new Error(
      `${s.name}: the call answered ${check.status} ${json.data?.rows?.length} of ${json.data?.total}, the captured SQL ${cap.rows} of ${cap.total}`,
    );
  }
  r.log(`\n[${s.name}] ${JSON.stringify(s.body)}: ${cap.statements.length} statements, ${cap.rows} rows of ${cap.total}`);
  const target = { url, headers: r.session.headers, body: JSON.stringify(s.body) };
  if (r.warmupSeconds > 0) await runCall(target, r.connections, r.warmupSeconds);
  const call = await runCall(target, r.connections, r.seconds);
  r.log(
    `  call: ${fmt(call.rps)} rps, p50 ${fmt(call.p50_ms)} ms, p99 ${fmt(call.p99_ms)} ms (${call.failed} non-2xx, ${call.errors} errors)`,
  );
  if (r.warmupSeconds > 0) await runBare(r.pool, cap.statements, r.connections, r.warmupSeconds);
  const bare = await runBare(r.pool, cap.statements, r.connections, r.seconds);
  r.log(`  bare: ${fmt(bare.rps)} rps, p50 ${fmt(bare.p50_ms)} ms, p99 ${fmt(bare.p99_ms)} ms (${bare.failed} failed)`);
  const ratio = bare.rps > 0 ? Math.round((call.rps / bare.rps) * 100) / 100 : 0;
  const clean = call.failed === 0 && call.errors === 0 && bare.failed === 0;
  return {
    name: s.name,
    body: s.body,
    statements: cap.statements.length,
    rows: cap.rows,
    total: cap.total,
    call,
    bare,
    ratio,
    pass: clean && ratio >= r.targetRatio,
  };
}

/** A signed-in call that reads no data: the cost of the platform around any call. */
export const FLOOR_PATH = '/api/v1/meta/list_regions';

/** What a signed-in call costs when it reads nothing of its own; no list call can go faster than this. */
export async function measureFloor(r: ListRun): Promise<Measured> {
  const target = { url: `${r.origin}${FLOOR_PATH}`, headers: r.session.headers, body: '{}' };
  if (r.warmupSeconds > 0) await runCall(target, r.connections, r.warmupSeconds);
  const floor = await runCall(target, r.connections, r.seconds);
  r.log(`\n[floor] ${FLOOR_PATH}: ${fmt(floor.rps)} rps, p50 ${fmt(floor.p50_ms)} ms, p99 ${fmt(floor.p99_ms)} ms`);
  return floor;
}

/** The results table every list benchmark prints. */
export function printListTable(log: (line: string) => void, results: ListResult[]): void {
  const w = Math.max(12, ...results.map((r) => r.name.length + 1));
  log(`${'scenario'.padEnd(w)} call rps  bare rps  ratio  call p50  call p95  call p99  bare p95  bare p99  verdict`);
  for (const r of results) {
    log(
      `${r.name.padEnd(w)} ${fmt(r.call.rps).padStart(8)} ${fmt(r.bare.rps).padStart(9)} ${fmt(r.ratio, 2).padStart(6)} ${fmt(r.call.p50_ms).padStart(9)} ${fmt(r.call.p95_ms).padStart(9)} ${fmt(r.call.p99_ms).padStart(9)} ${fmt(r.bare.p95_ms).padStart(9)} ${fmt(r.bare.p99_ms).padStart(9)}  ${r.pass ? 'PASS' : 'FAIL'}`,
    );
  }
}

export function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: import.meta.dirname, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** The machine and versions a report was made on. */
export async function benchEnvironment(url: string) {
  return {
    node: process.version,
    postgres: await serverVersion(url),
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model ?? 'unknown',
  };
}
