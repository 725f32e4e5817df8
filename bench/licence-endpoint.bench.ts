/**
 * Benchmark of the licence endpoint (issue 13): POST /api/v1/license/check_in, the call self-hosted servers make
 * every few minutes, at 16 connections against its bare SQL (the same statements, with the same values, in one
 * transaction through node-postgres), and the headroom for 10,000 servers checking in every 5 minutes
 * (33.3 check-ins/s) on one node. Targets: call/bare >= 0.5, call p99 < 50 ms (see README.md, "Licence endpoint").
 *
 *   npx tsx bench/licence-endpoint.bench.ts          # from the repository root; PostgreSQL on 127.0.0.1
 *
 * Each run builds a fresh database (DATABASE_URL, default postgres://root@127.0.0.1:5432/bench_licences; its
 * name must contain "bench"): 2,000 companies on the Growth plan with 5 licences each, 10,000 in all. The check-ins
 * are the simulator's (domains/servers/simulator.ts): each serial's server with its devices and boosters.
 * Environment: BENCH_ADMIN_DATABASE (default "test"), BENCH_SECONDS (default 10), BENCH_WARMUP_SECONDS (default
 * 2), BENCH_PROF=1 or BENCH_SERVER_NODE_ARGS to profile the server (lib/harness.ts).
 * Exits 0 whether or not the targets are met: a report, not a gate.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type CheckIn, checkIn } from '../apps/server/src/domains/servers/check-in.ts';
import { newServer } from '../apps/server/src/domains/servers/simulator.ts';
import * as tenancy from '../apps/server/src/domains/tenancy/service.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import type { CallContext } from '../apps/server/src/platform/context.ts';
import { type Database, openDatabase } from '../apps/server/src/platform/db.ts';
import type { Statement } from './lib/capture.ts';
import { adminUrlFor, assertLoopback, recreateBenchDatabase, withClient } from './lib/database.ts';
import { benchEnvironment, fmt, gitCommit, serverNodeArgs, settled } from './lib/harness.ts';
import type { Measured } from './lib/load.ts';
import { startServer } from './lib/server.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/bench_licences';
const ADMIN_URL = adminUrlFor(DATABASE_URL, process.env.BENCH_ADMIN_DATABASE || 'test');
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 2);
const CONNECTIONS = 16;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;
const COMPANIES = 2_000;
const LICENCES_PER_COMPANY = 5;
/** Check-ins whose statements the bare loop runs: one licence of each of 1,000 companies. */
const SAMPLE = 1_000;
const FLEET = 10_000;
const FLEET_INTERVAL_S = 300;
const FLEET_RATE = FLEET / FLEET_INTERVAL_S;
const RESULTS_FILE = path.resolve(import.meta.dirname, 'results/licence-endpoint.json');
const PATH = '/api/v1/license/check_in';
const log = (line: string) => console.log(line);

const serialOf = (i: number) => `BENCH-${String(i).padStart(5, '0')}-AAAAA-BBBBB-CCCCC`;

/** A fresh database: companies by the tenancy service, licences by SQL (what createLicence leaves, unbound). */
async function build(url: string): Promise<void> {
  await recreateBenchDatabase(url, ADMIN_URL);
  const handle = await openDatabase({ url });
  try {
    const now = new Date(Date.now() - 30 * 86_400_000);
    await tenancy.createCompanies(handle, {
      rows: Array.from({ length: COMPANIES }, (_, i) => ({
        company_name: `Licence Bench ${i}`,
        current_state: 'ACTIVE' as const,
        plan_id: 'Growth',
        created_at: now,
      })),
    });
  } finally {
    await handle.close();
  }
  await withClient(url, async (c) => {
    await c.query(
      `insert into server_licences (company_id, serial_number, name, created_at)
       select c.id, 'BENCH-' || lpad(((c.rn - 1) * $1::int + g - 1)::text, 5, '0') || '-AAAAA-BBBBB-CCCCC', 'Server ' || g, now() - interval '30 days'
       from (select id, row_number() over (order by id) as rn from companies where company_name like 'Licence Bench %') c
       cross join generate_series(1, $1::int) g`,
      [LICENCES_PER_COMPANY],
    );
    await c.query('vacuum (analyze)');
  });
}

/** The check-in of the i-th licence: the simulator's server for that serial. */
function bodyOf(i: number): CheckIn {
  const s = newServer(serialOf(i), i);
  // A steady check-in: the server named its devices on an earlier one, and none came or went since.
  return {
    serial_number: s.serial_number,
    machine_id: s.machine_id,
    version: s.version,
    device_count: s.devices,
    boosters: s.boosters,
    devices: [],
    removed_devices: [],
  };
}

/** The check-ins whose statements are captured for the bare loop: the first licence of every other company. */
const sampleBodies = (): CheckIn[] => Array.from({ length: SAMPLE }, (_, k) => bodyOf(k * 2 * LICENCES_PER_COMPANY));

/**
 * The check-ins the load sends: every licence once, companies in turn (two in flight rarely share one). A serial
 * takes 6 check-ins a minute (decision 0073); cycling through the whole fleet keeps each serial far below that
 * over the runs, as a real fleet is, so the call is measured issuing licences rather than refusing them.
 */
const fleetBodies = (): CheckIn[] =>
  Array.from({ length: FLEET }, (_, k) => bodyOf((k % COMPANIES) * LICENCES_PER_COMPANY + Math.floor(k / COMPANIES)));

/**
 * The statements one check-in issues, captured through Drizzle's logger inside a transaction that is rolled
 * back, so the database is as it was. The transaction's BEGIN and COMMIT are the bare loop's own.
 */
async function captureCheckIns(url: string, bodies: CheckIn[]): Promise<Statement[][]> {
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', DATABASE_URL: url });
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const out: Statement[][] = [];
  try {
    for (const body of bodies) {
      const statements: Statement[] = [];
      const db = drizzle({
        client: pool,
        logger: { logQuery: (text, params) => void statements.push({ text, params: [...params] }) },
      }) as unknown as Database;
      await db
        .transaction(async (tx) => {
          const ctx = {
            db: tx,
            clock: systemClock,
            config,
            actor: null,
            ip: '127.0.0.1',
            afterCall: () => {},
            afterAnswer: () => {},
          } as unknown as CallContext<null>;
          await checkIn(ctx as never, body);
          throw new RollBack();
        })
        .catch((err) => {
          if (!(err instanceof RollBack)) throw err;
        });
      out.push(statements.filter((s) => !/^(begin|commit|rollback)/i.test(s.text)));
    }
  } finally {
    await pool.end();
  }
  return out;
}

class RollBack extends Error {}

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length))) - 1] ?? Number.NaN;
}

function summarise(latencies: number[], failed: number, errors: number, seconds: number): Measured {
  const sorted = Float64Array.from(latencies).sort();
  const r = (x: number) => Math.round(x * 100) / 100;
  return {
    rps: r(latencies.length / seconds),
    completed: latencies.length,
    failed,
    errors,
    seconds: r(seconds),
    p50_ms: r(percentile(sorted, 0.5)),
    p90_ms: r(percentile(sorted, 0.9)),
    p95_ms: r(percentile(sorted, 0.95)),
    p99_ms: r(percentile(sorted, 0.99)),
    max_ms: r(sorted[sorted.length - 1] ?? Number.NaN),
  };
}

/**
 * The call: autocannon over `connections` keep-alive connections, each request the next sampled check-in.
 * With `rate`, an open loop at that many requests per second in all (the fleet's pace) instead of a closed one.
 */
async function runCheckIns(origin: string, bodies: string[], connections: number, seconds: number, rate?: number): Promise<Measured> {
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${origin}${PATH}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (req) => {
              req.body = bodies[next++ % bodies.length];
              return req;
            },
          },
        ],
        connections,
        pipelining: 1,
        duration: seconds,
        timeout: 30,
        ...(rate ? { overallRate: rate } : {}),
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (...args: unknown[]) => {
      const [status, , ms] = args.slice(-3) as [number, number, number];
      if (status >= 200 && status < 300) latencies.push(ms);
      else failed++;
    });
  });
  return summarise(latencies, failed, result.errors + result.timeouts, (performance.now() - started) / 1000);
}

/** The bare baseline: each iteration one check-in's statements in BEGIN ... COMMIT on a pooled client. */
async function runBare(pool: pg.Pool, sets: Statement[][], connections: number, seconds: number): Promise<Measured> {
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const set = sets[next++ % sets.length] ?? [];
      const t0 = performance.now();
      let client: pg.PoolClient | null = null;
      try {
        client = await pool.connect();
        await client.query('begin');
        for (const s of set) await client.query({ text: s.text, values: s.params, rowMode: 'array' });
        await client.query('commit');
        latencies.push(performance.now() - t0);
      } catch {
        failed++;
        await client?.query('rollback').catch(() => {});
      } finally {
        client?.release();
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  return summarise(latencies, failed, 0, (performance.now() - started) / 1000);
}

async function main() {
  assertLoopback(DATABASE_URL, 'DATABASE_URL');
  assertLoopback(ADMIN_URL, 'the admin database URL');
  log(`Building ${DATABASE_URL}: ${COMPANIES} companies with ${LICENCES_PER_COMPANY} licences each`);
  await build(DATABASE_URL);
  const bodies = sampleBodies();
  const sets = await captureCheckIns(DATABASE_URL, bodies);
  const counts = sets.map((s) => s.length);
  log(`Captured ${sets.length} check-ins: ${Math.min(...counts)}–${Math.max(...counts)} statements each (BEGIN/COMMIT besides)`);
  const json = fleetBodies().map((b) => JSON.stringify(b));
  const server = await startServer(DATABASE_URL, { nodeArgs: serverNodeArgs() });
  await settled(DATABASE_URL);
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: CONNECTIONS, statement_timeout: 30_000 });
  let call: Measured;
  let bare: Measured;
  let fleet: Measured;
  try {
    const check = await fetch(`${server.origin}${PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: json[0],
    });
    if (check.status !== 200) throw new Error(`a check-in answered ${check.status}: ${await check.text()}`);
    if (WARMUP_SECONDS > 0) await runCheckIns(server.origin, json, CONNECTIONS, WARMUP_SECONDS);
    call = await runCheckIns(server.origin, json, CONNECTIONS, SECONDS);
    log(
      `call:  ${fmt(call.rps)} rps, p50 ${fmt(call.p50_ms)} ms, p99 ${fmt(call.p99_ms)} ms (${call.failed} non-2xx, ${call.errors} errors)`,
    );
    if (WARMUP_SECONDS > 0) await runBare(pool, sets, CONNECTIONS, WARMUP_SECONDS);
    bare = await runBare(pool, sets, CONNECTIONS, SECONDS);
    log(`bare:  ${fmt(bare.rps)} rps, p50 ${fmt(bare.p50_ms)} ms, p99 ${fmt(bare.p99_ms)} ms (${bare.failed} failed)`);
    fleet = await runCheckIns(server.origin, json, CONNECTIONS, SECONDS, Math.ceil(FLEET_RATE));
    log(`fleet: ${fmt(fleet.rps)} rps offered ${Math.ceil(FLEET_RATE)}/s, p50 ${fmt(fleet.p50_ms)} ms, p99 ${fmt(fleet.p99_ms)} ms`);
  } finally {
    await pool.end();
    await server.stop();
  }
  const ratio = bare.rps > 0 ? Math.round((call.rps / bare.rps) * 100) / 100 : 0;
  const headroom = Math.round((call.rps / FLEET_RATE) * 10) / 10;
  const clean = call.failed === 0 && call.errors === 0 && bare.failed === 0;
  log(
    `\ncheck_in at ${CONNECTIONS} connections, ${SECONDS} s per run: ratio ${fmt(ratio, 2)} (target ${TARGET_RATIO}), ` +
      `p99 ${fmt(call.p99_ms)} ms (target < ${TARGET_P99_MS}), capacity ${fmt(call.rps)}/s = ${headroom}x the fleet's ${fmt(FLEET_RATE)}/s`,
  );
  const report = {
    benchmark: 'licence-endpoint',
    generated_at: new Date().toISOString(),
    commit: gitCommit(),
    environment: await benchEnvironment(DATABASE_URL),
    settings: {
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmup_seconds: WARMUP_SECONDS,
      companies: COMPANIES,
      licences: COMPANIES * LICENCES_PER_COMPANY,
      sampled_check_ins: SAMPLE,
      statements_per_check_in: { min: Math.min(...counts), max: Math.max(...counts) },
    },
    targets: { ratio: TARGET_RATIO, p99_ms: TARGET_P99_MS },
    call,
    bare,
    ratio,
    fleet: { servers: FLEET, interval_s: FLEET_INTERVAL_S, rate_per_s: Math.round(FLEET_RATE * 10) / 10, at_fleet_rate: fleet, headroom },
    pass: { ratio: clean && ratio >= TARGET_RATIO, p99: clean && call.p99_ms < TARGET_P99_MS },
  };
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  log(`Figures written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

try {
  await main();
} catch (err) {
  console.error('Benchmark could not run:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
}
