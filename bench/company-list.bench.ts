/**
 * Benchmark of POST /api/v1/admin/company/list against a bare baseline (see README.md).
 *
 *   npm run bench                      # from the repository root
 *   BENCH_SECONDS=20 npm run bench     # longer runs
 *
 * Environment: DATABASE_URL (default postgres://root@127.0.0.1:5432/bench_portal),
 * BENCH_ADMIN_DATABASE (database used to create/drop the bench database, default "test"),
 * BENCH_SECONDS (measured seconds per run, default 10), BENCH_WARMUP_SECONDS (default 2),
 * BENCH_SCENARIOS (comma-separated scenario names, default all), BENCH_SERVER_NODE_ARGS (extra
 * node flags for the server process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it).
 * The exit code is 0 whether or not the targets are met: this is a report, not a gate.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Captured, type ListKind, captureStatements } from './lib/capture.ts';
import { adminUrlFor, assertLoopback, ensureSeeded, resetRequestLog, serverVersion, vacuumAnalyze } from './lib/database.ts';
import { type Measured, runBare, runCall } from './lib/load.ts';
import { type RunningServer, login, postJson, startServer } from './lib/server.ts';

const COMPANIES = 100_000;
const CONNECTIONS = 16;
const TARGET_RATIO = 0.6;
const TARGET_P99_MS = 50;
/** Which list a scenario calls, who calls it, and at which path. */
const LISTS = {
  admin: { path: '/api/v1/admin/company/list', email: 'admin@example.com' },
  distributor: { path: '/api/v1/distributor/list_companies_full', email: 'distributor@example.com' },
} as const;
const DEMO_PASSWORD = 'demo-password';

function envNumber(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`${name} must be a number from ${min} to ${max}`);
  return n;
}

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/bench_portal';
const ADMIN_URL = adminUrlFor(DATABASE_URL, process.env.BENCH_ADMIN_DATABASE || 'test');
const SECONDS = envNumber('BENCH_SECONDS', 10, 1, 300);
const WARMUP_SECONDS = envNumber('BENCH_WARMUP_SECONDS', 2, 0, 60);
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const RESULTS_FILE = path.resolve(import.meta.dirname, 'results/company-list.json');

interface Scenario {
  name: string;
  list: ListKind;
  description: string;
  body: Record<string, unknown>;
}

const ALL_SCENARIOS: Scenario[] = [
  {
    name: 'default-page',
    list: 'admin',
    description: 'page 1 of 50, by company name asc, default states',
    body: { page: 1, page_size: 50, target_order: 'company_name', target_order_direction: 'asc' },
  },
  {
    name: 'name-search',
    list: 'admin',
    description: "search 'summit' (a generated name word), page 1 of 50",
    body: { page: 1, page_size: 50, target_search_query: 'summit' },
  },
  {
    name: 'created-desc-p3',
    list: 'admin',
    description: 'page 3 of 50, by created_at desc',
    body: { page: 3, page_size: 50, target_order: 'created_at', target_order_direction: 'desc' },
  },
  {
    name: 'email-search',
    list: 'admin',
    description: "search 'customer42' (matches owner emails), page 1 of 50",
    body: { page: 1, page_size: 50, target_search_query: 'customer42' },
  },
];

ALL_SCENARIOS.push(
  {
    name: 'deleted-tab',
    list: 'admin',
    description: 'the Deleted tab (DELETED and MIGRATED), page 1 of 50, with the counts per state',
    body: { page: 1, page_size: 50, target_company_states: ['DELETED', 'MIGRATED'] },
  },
  {
    name: 'distributor-page',
    list: 'distributor',
    description: "a distributor's sub-accounts, page 1 of 25, by name",
    body: { page: 1, page_size: 25 },
  },
  {
    name: 'distributor-trial',
    list: 'distributor',
    description: "a distributor's trial tab, page 1 of 25",
    body: { page: 1, page_size: 25, target_restrict: 'trial' },
  },
  {
    name: 'distributor-search',
    list: 'distributor',
    description: "a distributor's sub-accounts searched for 'summit', page 1 of 25",
    body: { page: 1, page_size: 25, target_search_query: 'summit' },
  },
);

const wanted = (process.env.BENCH_SCENARIOS ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = wanted.filter((w) => !ALL_SCENARIOS.some((s) => s.name === w));
if (unknown.length) throw new Error(`Unknown scenario(s): ${unknown.join(', ')}; known: ${ALL_SCENARIOS.map((s) => s.name).join(', ')}`);
const SCENARIOS = wanted.length ? ALL_SCENARIOS.filter((s) => wanted.includes(s.name)) : ALL_SCENARIOS;

interface ScenarioResult {
  name: string;
  description: string;
  body: Record<string, unknown>;
  statements: { sql: string; params: number }[];
  expected: { rows: number; total: number };
  /** Share of all CPUs busy during a one-second pause of the benchmark before the scenario: other work on the machine. */
  others_busy_before: number | null;
  call: Measured;
  bare: Measured;
  ratio: number;
  pass: { ratio: boolean; p99: boolean; clean: boolean };
}

const log = (line: string) => console.log(line);

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: import.meta.dirname, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** The call answers what the service answered when its SQL was captured: same rows, same total. */
async function checkCall(url: string, headers: Record<string, string>, s: Scenario, captured: Captured): Promise<void> {
  const res = await postJson(url, s.body, headers);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${s.name}: the call answered ${res.status}: ${text.slice(0, 500)}`);
  const json = JSON.parse(text) as { data?: { rows?: unknown[]; total?: number } };
  const rows = json.data?.rows?.length;
  const total = json.data?.total;
  if (rows !== captured.rows || total !== captured.total) {
    throw new Error(`${s.name}: the call gave ${rows} rows of ${total}, the captured SQL ${captured.rows} of ${captured.total}`);
  }
}

/** Above this share of the CPUs busy while the benchmark pauses, the figures are flagged as noisy. */
const NOISY_BUSY = 0.25;

/** Share of all CPUs busy over `ms` (from /proc/stat), while this process waits; null off Linux. */
async function machineBusy(ms: number): Promise<number | null> {
  const read = () => {
    try {
      const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]?.split(/\s+/).slice(1).map(Number) ?? [];
      const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
      return { idle, total: cpu.reduce((a, b) => a + b, 0) };
    } catch {
      return null;
    }
  };
  const a = read();
  await new Promise((r) => setTimeout(r, ms));
  const b = read();
  if (!a || !b || b.total <= a.total) return null;
  return Math.round((1 - (b.idle - a.idle) / (b.total - a.total)) * 100) / 100;
}

const pad = (v: string | number, n: number) => String(v).padStart(n);
const fmt = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '-');

function printTable(results: ScenarioResult[]): void {
  const head = [
    'scenario'.padEnd(16),
    pad('call rps', 9),
    pad('bare rps', 9),
    pad('ratio', 6),
    pad('call p50', 9),
    pad('call p99', 9),
    pad('bare p50', 9),
    pad('bare p99', 9),
    '  verdict',
  ].join(' ');
  log('');
  log(`company list at ${CONNECTIONS} connections, ${SECONDS} s per run (latencies in ms)`);
  log(head);
  log('-'.repeat(head.length));
  for (const r of results) {
    const misses = [
      r.pass.ratio ? null : `ratio<${TARGET_RATIO}`,
      r.pass.p99 ? null : `p99>=${TARGET_P99_MS}ms`,
      r.pass.clean ? null : 'errors',
    ].filter(Boolean);
    log(
      [
        r.name.padEnd(16),
        pad(fmt(r.call.rps), 9),
        pad(fmt(r.bare.rps), 9),
        pad(fmt(r.ratio, 2), 6),
        pad(fmt(r.call.p50_ms), 9),
        pad(fmt(r.call.p99_ms), 9),
        pad(fmt(r.bare.p50_ms), 9),
        pad(fmt(r.bare.p99_ms), 9),
        misses.length ? `  FAIL (${misses.join(', ')})` : '  PASS',
      ].join(' '),
    );
  }
  const allPass = results.every((r) => r.pass.ratio && r.pass.p99 && r.pass.clean);
  log('');
  log(`Targets: ratio call/bare >= ${TARGET_RATIO} and call p99 < ${TARGET_P99_MS} ms at ${CONNECTIONS} connections.`);
  const busy = results.filter((r) => (r.others_busy_before ?? 0) > NOISY_BUSY);
  if (busy.length) {
    log(
      `Note: other work kept the machine over ${NOISY_BUSY * 100}% busy just before ${busy.map((r) => r.name).join(', ')}; ` +
        'those figures are pessimistic, run again on a quiet machine.',
    );
  }
  log(allPass ? 'RESULT: PASS (every scenario meets both targets)' : 'RESULT: FAIL (see the scenarios marked FAIL above)');
}

async function main(): Promise<void> {
  assertLoopback(DATABASE_URL, 'DATABASE_URL');
  assertLoopback(ADMIN_URL, 'the admin database URL');

  log(`Database ${DATABASE_URL}`);
  const seeded = await ensureSeeded(DATABASE_URL, ADMIN_URL, COMPANIES, log);
  log(seeded === 'reused' ? `Reusing the seeded database (${COMPANIES} companies)` : 'Seeded');
  await vacuumAnalyze(DATABASE_URL);
  await resetRequestLog(DATABASE_URL);

  const captured = new Map<string, Captured>();
  for (const s of SCENARIOS) captured.set(s.name, await captureStatements(DATABASE_URL, s.list, s.body));

  const server = await startServer(DATABASE_URL, { nodeArgs: SERVER_NODE_ARGS });
  activeServer = server;
  const onSignal = () => {
    void server.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: CONNECTIONS, statement_timeout: 30_000 });
  const results: ScenarioResult[] = [];
  try {
    log(`Server pid ${server.pid} at ${server.origin}`);
    const sessions = {
      admin: await login(server.origin, LISTS.admin.email, DEMO_PASSWORD),
      distributor: await login(server.origin, LISTS.distributor.email, DEMO_PASSWORD),
    };

    for (const s of SCENARIOS) {
      const cap = captured.get(s.name);
      if (!cap) throw new Error(`no captured SQL for ${s.name}`);
      const url = `${server.origin}${LISTS[s.list].path}`;
      const session = sessions[s.list];
      await checkCall(url, session.headers, s, cap);
      const target = { url, headers: session.headers, body: JSON.stringify(s.body) };

      const othersBusy = await machineBusy(1000);
      const busyNote = othersBusy === null ? '' : ` (machine ${Math.round(othersBusy * 100)}% busy just before)`;
      log(`\n[${s.name}] ${s.description}: ${cap.statements.length} statements, ${cap.rows} rows of ${cap.total}${busyNote}`);
      if (WARMUP_SECONDS > 0) await runCall(target, CONNECTIONS, WARMUP_SECONDS);
      const call = await runCall(target, CONNECTIONS, SECONDS);
      log(
        `  call: ${fmt(call.rps)} rps, p50 ${fmt(call.p50_ms)} ms, p99 ${fmt(call.p99_ms)} ms (${call.completed} ok, ${call.failed} non-2xx, ${call.errors} errors)`,
      );
      if (WARMUP_SECONDS > 0) await runBare(pool, cap.statements, CONNECTIONS, WARMUP_SECONDS);
      const bare = await runBare(pool, cap.statements, CONNECTIONS, SECONDS);
      log(
        `  bare: ${fmt(bare.rps)} rps, p50 ${fmt(bare.p50_ms)} ms, p99 ${fmt(bare.p99_ms)} ms (${bare.completed} ok, ${bare.failed} failed)`,
      );

      const ratio = bare.rps > 0 ? Math.round((call.rps / bare.rps) * 1000) / 1000 : 0;
      results.push({
        name: s.name,
        description: s.description,
        body: s.body,
        statements: cap.statements.map((st) => ({ sql: st.text, params: st.params.length })),
        expected: { rows: cap.rows, total: cap.total },
        others_busy_before: othersBusy,
        call,
        bare,
        ratio,
        pass: {
          ratio: ratio >= TARGET_RATIO,
          p99: call.p99_ms < TARGET_P99_MS,
          clean: call.failed === 0 && call.errors === 0 && bare.failed === 0,
        },
      });
    }
  } finally {
    await pool.end();
    await server.stop();
    activeServer = null;
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }

  printTable(results);

  const report = {
    benchmark: 'company-list',
    calls: Object.values(LISTS).map((l) => `POST ${l.path}`),
    generated_at: new Date().toISOString(),
    commit: gitCommit(),
    environment: {
      node: process.version,
      postgres: await serverVersion(DATABASE_URL),
      cpus: os.cpus().length,
      cpu_model: os.cpus()[0]?.model ?? 'unknown',
      platform: `${os.platform()} ${os.release()}`,
    },
    settings: { companies: COMPANIES, connections: CONNECTIONS, seconds: SECONDS, warmup_seconds: WARMUP_SECONDS },
    targets: { min_ratio: TARGET_RATIO, max_call_p99_ms: TARGET_P99_MS },
    pass: results.every((r) => r.pass.ratio && r.pass.p99 && r.pass.clean),
    scenarios: results,
  };
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  const tmp = `${RESULTS_FILE}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(report, null, 2)}\n`);
  fs.renameSync(tmp, RESULTS_FILE);
  log(`\nFigures written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

let activeServer: RunningServer | null = null;

// A last-resort bound on the whole run: seeding, server start and every load run included.
const watchdogMs = (SCENARIOS.length * 2 * (SECONDS + WARMUP_SECONDS + 40) + 900) * 1000;
const watchdog = setTimeout(() => {
  console.error(`Benchmark did not finish within ${watchdogMs / 1000} s; giving up`);
  activeServer?.kill();
  process.exit(1);
}, watchdogMs);

try {
  await main();
} catch (err) {
  console.error('Benchmark could not run:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
}
