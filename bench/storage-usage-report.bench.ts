/**
 * Benchmark of the dashboard's storage chart data, POST /api/v1/web/CometStorageUsageReport.json for 90 days, at
 * 16 connections against its bare SQL (the statements the service issues, captured through Drizzle's logger,
 * run through node-postgres: lib/load.ts). Target (issue 14): call/bare >= 0.5.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_storage_report npx tsx bench/storage-usage-report.bench.ts
 *
 * Each run builds a fresh database (its name must contain "bench"): the measured company and 200 neighbours, each
 * with a storage account and 120 measured days in 4 regions (storage_utilization, 96,480 rows). Environment:
 * BENCH_ADMIN_DATABASE (default "test"), BENCH_SECONDS (default 10), BENCH_WARMUP_SECONDS (default 2),
 * BENCH_PROF=1 or BENCH_SERVER_NODE_ARGS. Exits 0 whether or not the target is met: a report, not a gate.
 */
import fs from 'node:fs';
import path from 'node:path';
import { storageUsageReport } from '@portal/contract/storage/usage';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import * as billing from '../apps/server/src/domains/billing/service.ts';
import { usageReport } from '../apps/server/src/domains/storage/utilization.ts';
import { hashPassword } from '../apps/server/src/platform/password-hash.ts';
import * as tenancy from '../apps/server/src/domains/tenancy/service.ts';
import * as users from '../apps/server/src/domains/users/service.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { adminUrlFor, assertLoopback, recreateBenchDatabase, withClient } from './lib/database.ts';
import { benchEnvironment, captureRun, customerActor, FLOOR_PATH, fmt, gitCommit, serverNodeArgs, settled } from './lib/harness.ts';
import { type Measured, runBare, runCall } from './lib/load.ts';
import { login, postJson, startServer } from './lib/server.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_storage_report';
const ADMIN_URL = adminUrlFor(DATABASE_URL, process.env.BENCH_ADMIN_DATABASE || 'test');
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 2);
const CONNECTIONS = 16;
const TARGET_RATIO = 0.5;
const DAYS = 120;
const REGIONS = ['us-east-1', 'us-west-1', 'eu-central-1', 'ap-northeast-1'];
const NEIGHBOURS = 200;
const EMAIL = 'storage-report-bench@example.com';
const PASSWORD = 'storage-report-bench-password-7';
const RESULTS_FILE = path.resolve(import.meta.dirname, 'results/storage-usage-report.json');
const log = (line: string) => console.log(line);

async function build(url: string): Promise<number> {
  await recreateBenchDatabase(url, ADMIN_URL);
  const handle = await openDatabase({ url });
  try {
    const created = new Date(Date.now() - 200 * 86_400_000);
    const [measured, ...neighbours] = await tenancy.createCompanies(handle, {
      rows: [
        { company_name: 'Storage Report Bench Ltd', current_state: 'ACTIVE', plan_id: 'Growth', created_at: created },
        ...Array.from({ length: NEIGHBOURS }, (_, i) => ({
          company_name: `Neighbour ${i}`,
          current_state: 'ACTIVE' as const,
          plan_id: 'Growth',
          created_at: created,
        })),
      ],
    });
    if (!measured) throw new Error('no company');
    await users.createUsers(handle, {
      rows: [
        {
          company_id: measured.id,
          email: EMAIL,
          contact_name: 'Bench Customer',
          is_primary_contact: true,
          password_hash: await hashPassword(PASSWORD),
        },
      ],
    });
    const today = billing.billingDayOf({ clock: { now: () => new Date() } });
    const ids = [measured.id, ...neighbours.map((n) => n.id)];
    await withClient(url, async (c) => {
      await c.query('update companies set has_comet_storage = true where id = any($1::int[])', [ids]);
      await c.query(
        `insert into storage_accounts (company_id, provider, provider_account_id, access_key, secret_key, created_at, utilization_measured_at)
         select id, 'bench', 'acct-' || id, 'AK' || id, 'SK' || id, now() - interval '150 days', now() from unnest($1::int[]) id`,
        [ids],
      );
      await c.query(
        `insert into storage_utilization (company_id, day, region, padded_storage_size_bytes, metadata_storage_size_bytes,
           deleted_storage_size_bytes, buckets_count, measured_at)
         select id, $2::date - d, r, ((id * 13 + d * 7) % 5000)::bigint * 1000000000, ((id + d) % 100)::bigint * 1000,
           (d % 3)::bigint * 1000000, 5, ($2::date - d)::timestamptz + interval '20 hours'
         from unnest($1::int[]) id cross join generate_series(0, $3::int - 1) d cross join unnest($4::text[]) r`,
        [ids, today, DAYS, REGIONS],
      );
      await c.query('vacuum (analyze)');
    });
    return measured.id;
  } finally {
    await handle.close();
  }
}

async function capture(url: string, body: Record<string, unknown>) {
  const actor = await customerActor(url, EMAIL);
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', DATABASE_URL: url });
  const { statements, result: out } = await captureRun(
    url,
    actor,
    (ctx) => usageReport(ctx, storageUsageReport.input.parse(body) as never),
    config,
  );
  return { statements, rows: out.rows.length, bytes: out.rows.reduce((s, r) => s + r.storage_amount_bytes, 0) };
}

async function main() {
  assertLoopback(DATABASE_URL, 'DATABASE_URL');
  assertLoopback(ADMIN_URL, 'the admin database URL');
  log(`Building ${DATABASE_URL}: ${NEIGHBOURS + 1} companies with ${DAYS} measured days in ${REGIONS.length} regions`);
  const companyId = await build(DATABASE_URL);
  const server = await startServer(DATABASE_URL, { nodeArgs: serverNodeArgs() });
  await settled(DATABASE_URL);
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: CONNECTIONS, statement_timeout: 30_000 });
  const today = billing.billingDayOf({ clock: { now: () => new Date() } });
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 89 * 86_400_000).toISOString().slice(0, 10);
  const body = { target_company_id: companyId, target_from: from, target_to: today };
  let result: Record<string, unknown> = {};
  let floor: Measured | null = null;
  try {
    const session = await login(server.origin, EMAIL, PASSWORD);
    const cap = await capture(DATABASE_URL, body);
    const url = `${server.origin}${storageUsageReport.path}`;
    const check = await postJson(url, body, session.headers);
    const json = (await check.json()) as { data?: { rows?: { storage_amount_bytes: number }[]; has_comet_storage?: boolean } };
    const bytes = json.data?.rows?.reduce((s, r) => s + r.storage_amount_bytes, 0);
    if (check.status !== 200 || json.data?.rows?.length !== cap.rows || bytes !== cap.bytes || cap.rows !== 90) {
      throw new Error(`the call answered ${check.status} ${JSON.stringify(json).slice(0, 300)}; the captured SQL ${cap.rows} rows`);
    }
    log(`\n[90 days] ${cap.statements.length} statements, ${cap.rows} days`);
    const target = { url, headers: session.headers, body: JSON.stringify(body) };
    if (WARMUP_SECONDS > 0) await runCall(target, CONNECTIONS, WARMUP_SECONDS);
    const call = await runCall(target, CONNECTIONS, SECONDS);
    log(
      `  call: ${fmt(call.rps)} rps, p50 ${fmt(call.p50_ms)} ms, p99 ${fmt(call.p99_ms)} ms (${call.failed} non-2xx, ${call.errors} errors)`,
    );
    if (WARMUP_SECONDS > 0) await runBare(pool, cap.statements, CONNECTIONS, WARMUP_SECONDS);
    const bare = await runBare(pool, cap.statements, CONNECTIONS, SECONDS);
    log(`  bare: ${fmt(bare.rps)} rps, p50 ${fmt(bare.p50_ms)} ms, p99 ${fmt(bare.p99_ms)} ms (${bare.failed} failed)`);
    const ratio = bare.rps > 0 ? Math.round((call.rps / bare.rps) * 100) / 100 : 0;
    const clean = call.failed === 0 && call.errors === 0 && bare.failed === 0;
    log(`  ratio ${fmt(ratio, 2)} ${clean && ratio >= TARGET_RATIO ? 'PASS' : 'FAIL'}`);
    result = {
      name: '90-days',
      body,
      statements: cap.statements.length,
      rows: cap.rows,
      call,
      bare,
      ratio,
      pass: clean && ratio >= TARGET_RATIO,
    };
    const floorTarget = { url: `${server.origin}${FLOOR_PATH}`, headers: session.headers, body: '{}' };
    if (WARMUP_SECONDS > 0) await runCall(floorTarget, CONNECTIONS, WARMUP_SECONDS);
    floor = await runCall(floorTarget, CONNECTIONS, SECONDS);
    log(`\n[floor] ${FLOOR_PATH}: ${fmt(floor.rps)} rps, p50 ${fmt(floor.p50_ms)} ms`);
  } finally {
    await pool.end();
    await server.stop();
  }
  const report = {
    benchmark: 'storage-usage-report',
    generated_at: new Date().toISOString(),
    commit: gitCommit(),
    environment: await benchEnvironment(DATABASE_URL),
    settings: {
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmup_seconds: WARMUP_SECONDS,
      days: DAYS,
      regions: REGIONS.length,
      neighbours: NEIGHBOURS,
    },
    target_ratio: TARGET_RATIO,
    pass: result.pass === true,
    scenarios: [result],
    floor: floor && { path: FLOOR_PATH, call: floor },
  };
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  log(`\nFigures written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

try {
  await main();
} catch (err) {
  console.error('Benchmark could not run:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
}
