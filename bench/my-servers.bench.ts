/**
 * Benchmark of /my_servers' data, POST /api/v1/web/UserMyServersTable.json, for a company with 500 licences and
 * 50 hosted consoles, at 16 connections against its bare SQL (the statements the service issues, captured through
 * Drizzle's logger, run through node-postgres: lib/load.ts). Target (issue 13): call/bare >= 0.5.
 *
 *   npx tsx bench/my-servers.bench.ts          # from the repository root; PostgreSQL on 127.0.0.1
 *
 * Each run builds a fresh database (DATABASE_URL, default postgres://root@127.0.0.1:5432/bench_my_servers; its
 * name must contain "bench"): the measured company (500 licences, 25 of them archived besides, 50 consoles) among
 * 200 neighbours with 50 licences and 5 consoles each. Environment: BENCH_ADMIN_DATABASE (default "test"),
 * BENCH_SECONDS (default 10), BENCH_WARMUP_SECONDS (default 2), BENCH_PROF=1 or BENCH_SERVER_NODE_ARGS.
 * Exits 0 whether or not the target is met: a report, not a gate.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SERVERS_PAGE_SIZE } from '@portal/contract/servers/licences';
import { userMyServersTable } from '@portal/contract/servers/server-tables';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { myServers } from '../apps/server/src/domains/servers/server-tables.ts';
import { hashPassword } from '../apps/server/src/platform/password-hash.ts';
import * as tenancy from '../apps/server/src/domains/tenancy/service.ts';
import * as users from '../apps/server/src/domains/users/service.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { adminUrlFor, assertLoopback, recreateBenchDatabase, withClient } from './lib/database.ts';
import { benchEnvironment, captureRun, customerActor, FLOOR_PATH, fmt, gitCommit, serverNodeArgs, settled } from './lib/harness.ts';
import { type Measured, runBare, runCall } from './lib/load.ts';
import { login, postJson, startServer } from './lib/server.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/bench_my_servers';
const ADMIN_URL = adminUrlFor(DATABASE_URL, process.env.BENCH_ADMIN_DATABASE || 'test');
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 2);
const CONNECTIONS = 16;
const TARGET_RATIO = 0.5;
const LICENCES = 500;
const ARCHIVED = 25;
const CONSOLES = 50;
const NEIGHBOURS = 200;
const NEIGHBOUR_LICENCES = 50;
const NEIGHBOUR_CONSOLES = 5;
const EMAIL = 'my-servers-bench@example.com';
const PASSWORD = 'my-servers-bench-password-7';
const COMPANY_NAME = 'My Servers Bench Ltd';
const RESULTS_FILE = path.resolve(import.meta.dirname, 'results/my-servers.json');
const log = (line: string) => console.log(line);

async function build(url: string): Promise<void> {
  await recreateBenchDatabase(url, ADMIN_URL);
  const handle = await openDatabase({ url });
  try {
    const now = new Date(Date.now() - 90 * 86_400_000);
    const [measured, ...neighbours] = await tenancy.createCompanies(handle, {
      rows: [
        { company_name: COMPANY_NAME, current_state: 'ACTIVE', plan_id: 'Growth', created_at: now },
        ...Array.from({ length: NEIGHBOURS }, (_, i) => ({
          company_name: `Neighbour ${i}`,
          current_state: 'ACTIVE' as const,
          plan_id: 'Growth',
          created_at: now,
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
    await withClient(url, async (c) => {
      const all: [number, number, number, number][] = [
        [measured.id, LICENCES, ARCHIVED, CONSOLES],
        ...neighbours.map((n) => [n.id, NEIGHBOUR_LICENCES, 0, NEIGHBOUR_CONSOLES] as [number, number, number, number]),
      ];
      for (const [company, live, archived, consoles] of all) {
        // Licences that have checked in: a version, devices, a last-seen time; every tenth a favourite.
        await c.query(
          `insert into server_licences (company_id, serial_number, name, favourited, server_version, last_ip, last_machine_id,
             last_seen_at, num_clients_online, num_boosters_online, last_issue_end, archived_at, created_at)
           select $1::int, 'S' || $1::text || '-' || g, 'Server ' || g, g % 10 = 0, (array['25.3.0','25.2.1','24.12.3'])[1 + g % 3],
             '203.0.113.' || (g % 250), 'machine-' || g, now() - (g % 600) * interval '1 second', 5 + g % 40, g % 7,
             now() + interval '3 days', case when g > $2::int then now() - interval '1 day' end, now() - g * interval '1 hour'
           from generate_series(1, $2::int + $3::int) g`,
          [company, live, archived],
        );
        await c.query(
          `insert into hosted_servers (company_id, server_name, region, state, user_dns, version, admin_username, admin_password,
             send_as_email_address, send_as_display_name, storage_type, num_devices_online, num_boosters_online, favourited,
             created_at, ready_at)
           select $1::int, 'Console ' || g, 'us-east', case when g % 25 = 0 then 'provisioning' else 'ready' end,
             'c' || $1::text || '-' || g || '.example.net', '25.3.0', 'admin', 'secret-' || g, 'backup@example.com', 'Backups',
             'none', g % 30, g % 4, g % 10 = 0, now() - g * interval '1 day', now() - g * interval '1 day'
           from generate_series(1, $2::int) g`,
          [company, consoles],
        );
      }
      await c.query('vacuum (analyze)');
    });
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
    (ctx) => myServers(ctx, userMyServersTable.input.parse(body) as never),
    config,
  );
  return { statements, self_hosted: out.self_hosted.length, consoles: out.hosted.length + out.provisioning.length, total: out.total };
}

interface Scenario {
  name: string;
  body: Record<string, unknown>;
}

const SCENARIOS: Scenario[] = [
  { name: 'first-page', body: { page: 1, page_size: SERVERS_PAGE_SIZE, target_search_query: '' } },
  { name: 'last-page', body: { page: Math.ceil(LICENCES / SERVERS_PAGE_SIZE), page_size: SERVERS_PAGE_SIZE, target_search_query: '' } },
  { name: 'search', body: { page: 1, page_size: SERVERS_PAGE_SIZE, target_search_query: 'Server 1' } },
];

async function main() {
  assertLoopback(DATABASE_URL, 'DATABASE_URL');
  assertLoopback(ADMIN_URL, 'the admin database URL');
  log(`Building ${DATABASE_URL}: ${LICENCES} licences and ${CONSOLES} consoles, ${NEIGHBOURS} neighbours`);
  await build(DATABASE_URL);
  const server = await startServer(DATABASE_URL, { nodeArgs: serverNodeArgs() });
  await settled(DATABASE_URL);
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: CONNECTIONS, statement_timeout: 30_000 });
  const results: Record<string, unknown>[] = [];
  let floor: Measured | null = null;
  try {
    const session = await login(server.origin, EMAIL, PASSWORD);
    for (const s of SCENARIOS) {
      const cap = await capture(DATABASE_URL, s.body);
      const url = `${server.origin}${userMyServersTable.path}`;
      const check = await postJson(url, s.body, session.headers);
      const json = (await check.json()) as {
        data?: { self_hosted?: unknown[]; hosted?: unknown[]; provisioning?: unknown[]; total?: number };
      };
      const consoles = (json.data?.hosted?.length ?? 0) + (json.data?.provisioning?.length ?? 0);
      if (
        check.status !== 200 ||
        json.data?.self_hosted?.length !== cap.self_hosted ||
        json.data.total !== cap.total ||
        consoles !== cap.consoles
      ) {
        throw new Error(`${s.name}: the call answered ${check.status} ${JSON.stringify(json).slice(0, 300)}`);
      }
      log(`\n[${s.name}] ${cap.statements.length} statements, ${cap.self_hosted} licences of ${cap.total}, ${cap.consoles} consoles`);
      const target = { url, headers: session.headers, body: JSON.stringify(s.body) };
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
      results.push({
        name: s.name,
        body: s.body,
        statements: cap.statements.length,
        self_hosted_rows: cap.self_hosted,
        consoles: cap.consoles,
        total: cap.total,
        call,
        bare,
        ratio,
        pass: clean && ratio >= TARGET_RATIO,
      });
    }
    const target = { url: `${server.origin}${FLOOR_PATH}`, headers: session.headers, body: '{}' };
    floor = await runCall(target, CONNECTIONS, SECONDS);
    log(`\n[floor] ${FLOOR_PATH}: ${fmt(floor.rps)} rps, p50 ${fmt(floor.p50_ms)} ms, p99 ${fmt(floor.p99_ms)} ms`);
  } finally {
    await pool.end();
    await server.stop();
  }
  const report = {
    benchmark: 'my-servers',
    generated_at: new Date().toISOString(),
    commit: gitCommit(),
    environment: await benchEnvironment(DATABASE_URL),
    settings: {
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmup_seconds: WARMUP_SECONDS,
      licences: LICENCES,
      archived: ARCHIVED,
      consoles: CONSOLES,
      neighbours: NEIGHBOURS,
    },
    target_ratio: TARGET_RATIO,
    pass: results.every((r) => r.pass),
    scenarios: results,
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
