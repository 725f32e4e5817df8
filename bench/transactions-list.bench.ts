/**
 * Benchmark of the customer's bill, POST /api/v1/user/transactions/list, against its bare SQL at 16
 * connections, for a company with 10,000 card purchases and 500 admin credit entries among 50 neighbours with
 * 2,000 purchases each (see README.md, "Transactions list"). Target (issue 12): call/bare >= 0.5.
 *
 *   npx tsx bench/transactions-list.bench.ts          # from the repository root
 *
 * Environment: DATABASE_URL (default postgres://root@127.0.0.1:5432/bench_transactions; its name must contain
 * "bench", as it is built again when it lacks the history), BENCH_ADMIN_DATABASE (default "test"),
 * BENCH_SECONDS (default 10), BENCH_WARMUP_SECONDS (default 2), BENCH_REBUILD=1 to rebuild anyway.
 * Exits 0 whether or not the target is met: a report, not a gate.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listTransactions } from '@portal/contract/payments/transactions';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as tenancy from '../apps/server/src/domains/tenancy/service.ts';
import * as users from '../apps/server/src/domains/users/service.ts';
import * as transactions from '../apps/server/src/domains/payments/transactions.ts';
import type { Actor } from '../apps/server/src/platform/access.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import type { CallContext } from '../apps/server/src/platform/context.ts';
import { type Database, openDatabase } from '../apps/server/src/platform/db.ts';
import type { Statement } from './lib/capture.ts';
import { adminUrlFor, assertLoopback, serverVersion, withClient } from './lib/database.ts';
import { type Measured, runBare, runCall } from './lib/load.ts';
import { login, postJson, startServer } from './lib/server.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/bench_transactions';
const ADMIN_URL = adminUrlFor(DATABASE_URL, process.env.BENCH_ADMIN_DATABASE || 'test');
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 2);
const CONNECTIONS = 16;
const TARGET_RATIO = 0.5;
const PURCHASES = 10_000;
const ADMIN_ENTRIES = 500;
const NEIGHBOURS = 50;
const NEIGHBOUR_PURCHASES = 2_000;
const EMAIL = 'transactions-bench@example.com';
const PASSWORD = 'transactions-bench-password-7';
const COMPANY_NAME = 'Transactions Bench Ltd';
/** A signed-in call that reads no data: the cost of the platform around any call. */
const FLOOR_PATH = '/api/v1/meta/list_regions';
const RESULTS_FILE = path.resolve(import.meta.dirname, 'results/transactions-list.json');
const log = (line: string) => console.log(line);

async function built(url: string): Promise<boolean> {
  try {
    return await withClient(url, async (c) => {
      const { rows } = await c.query<{ n: number }>(
        `select count(*)::int as n from card_transactions t join companies c on c.id = t.company_id where c.company_name = $1`,
        [COMPANY_NAME],
      );
      return (rows[0]?.n ?? 0) >= PURCHASES;
    });
  } catch {
    return false;
  }
}

/** Purchases as pay-once leaves them: a credit pack and a successful charge on a saved card, one a day or so. */
async function build(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!name.includes('bench')) throw new Error(`refusing to rebuild ${name}: its name lacks "bench"`);
  await withClient(ADMIN_URL, async (c) => {
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.query(`create database "${name}"`);
  });
  const handle = await openDatabase({ url });
  try {
    const now = new Date();
    const [measured, ...neighbours] = await tenancy.createCompanies(handle.db, [
      { company_name: COMPANY_NAME, current_state: 'ACTIVE', plan_id: 'Growth', created_at: now },
      ...Array.from({ length: NEIGHBOURS }, (_, i) => ({
        company_name: `Neighbour ${i}`,
        current_state: 'ACTIVE' as const,
        plan_id: 'Growth',
        created_at: now,
      })),
    ]);
    if (!measured) throw new Error('no company');
    await users.createUsers(handle.db, [
      {
        company_id: measured.id,
        email: EMAIL,
        contact_name: 'Bench Customer',
        is_primary_contact: true,
        password_hash: await users.hashPassword(PASSWORD),
      },
    ]);
    await withClient(url, async (c) => {
      for (const [company, n] of [[measured.id, PURCHASES], ...neighbours.map((x) => [x.id, NEIGHBOUR_PURCHASES])] as [number, number][]) {
        await c.query(
          `with card as (
             insert into payment_cards (company_id, gateway_token, card_name, card_type, last4, expiry_month, expiry_year, is_default, created_at)
             values ($1::int, 'tok_bench_' || $1::text, 'Bench', 'Visa', '4242', 12, 2030, true, now() - interval '3 years') returning id
           ), packs as (
             insert into credit_packs (company_id, name, amount, cost, source, purchase_date, added_by_user)
             select $1::int, '$100 top-up', 11000, 10000, 'purchase', now() - (g * interval '2 hours'), 'Bench Customer'
             from generate_series(1, $2::int) g returning id, purchase_date
           )
           insert into card_transactions (company_id, card_id, kind, item, charged_amount, idempotency_key, success, response_text,
             credit_pack_id, created_at, completed_at)
           select $1::int, card.id, 'charge', 'Top-up: $100 top-up', 10000, 'bench:' || $1::text || ':' || packs.id, true, 'Approved',
             packs.id, packs.purchase_date, packs.purchase_date
           from packs cross join card`,
          [company, n],
        );
      }
      await c.query(
        `insert into credit_packs (company_id, name, amount, cost, source, purchase_date, added_by_user, creates_billing_entry)
         select $1, 'Goodwill ' || g, 500, 0, 'admin', now() - (g * interval '40 hours'), 'Ada Admin', true from generate_series(1, $2::int) g`,
        [measured.id, ADMIN_ENTRIES],
      );
    });
  } finally {
    await handle.close();
  }
  await withClient(url, (c) => c.query('vacuum (analyze)'));
}

/** Waits until no other statement runs in the database for three checks in a row (at most a minute). */
async function settled(url: string): Promise<void> {
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

interface Scenario {
  name: string;
  body: Record<string, unknown>;
}

const SCENARIOS: Scenario[] = [
  { name: 'first-page', body: { page: 1, page_size: 20 } },
  { name: 'page-100', body: { page: 100, page_size: 20 } },
];

/** The statements the service sends for a body (contract-parsed), captured by a Drizzle logger, as the signed-in customer. */
async function capture(url: string, actor: Actor, body: Record<string, unknown>) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const statements: Statement[] = [];
  try {
    const db = drizzle({
      client: pool,
      logger: { logQuery: (text, params) => void statements.push({ text, params: [...params] }) },
    }) as unknown as Database;
    const ctx = { db, actor, clock: systemClock } as CallContext;
    const result = await transactions.listForCaller(ctx, listTransactions.input.parse(body));
    return { statements, rows: result.rows.length, total: result.total };
  } finally {
    await pool.end();
  }
}

const fmt = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '-');

async function main() {
  assertLoopback(DATABASE_URL, 'DATABASE_URL');
  assertLoopback(ADMIN_URL, 'the admin database URL');
  if (process.env.BENCH_REBUILD === '1' || !(await built(DATABASE_URL))) {
    log(
      `Building ${DATABASE_URL}: ${PURCHASES} purchases and ${ADMIN_ENTRIES} admin entries, ${NEIGHBOURS} neighbours with ${NEIGHBOUR_PURCHASES} each`,
    );
    await build(DATABASE_URL);
  } else {
    await (await openDatabase({ url: DATABASE_URL })).close();
  }
  const actor = await withClient(DATABASE_URL, async (c) => {
    const { rows } = await c.query<{ id: number; company_id: number }>('select id, company_id from users where email = $1', [EMAIL]);
    const u = rows[0];
    if (!u) throw new Error(`${EMAIL} is not in the benchmark database`);
    return { userId: u.id, companyId: u.company_id, roles: ['any', 'customer'], capabilities: [] } as unknown as Actor;
  });
  const server = await startServer(DATABASE_URL);
  // The server's scheduler runs every job once at start: let it finish, or the first scenario pays for it.
  await settled(DATABASE_URL);
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: CONNECTIONS, statement_timeout: 30_000 });
  let floor: Measured | null = null;
  const results: {
    name: string;
    body: Record<string, unknown>;
    statements: number;
    total: number;
    call: Measured;
    bare: Measured;
    ratio: number;
    pass: boolean;
  }[] = [];
  try {
    const session = await login(server.origin, EMAIL, PASSWORD);
    for (const s of SCENARIOS) {
      const cap = await capture(DATABASE_URL, actor, s.body);
      const url = `${server.origin}${listTransactions.path}`;
      const check = await postJson(url, s.body, session.headers);
      const json = (await check.json()) as { data?: { rows?: unknown[]; total?: number } };
      if (check.status !== 200 || json.data?.rows?.length !== cap.rows || json.data?.total !== cap.total) {
        throw new Error(
          `${s.name}: the call answered ${check.status} ${json.data?.rows?.length} of ${json.data?.total}, the SQL ${cap.rows} of ${cap.total}`,
        );
      }
      log(`\n[${s.name}] ${JSON.stringify(s.body)}: ${cap.statements.length} statements, ${cap.rows} rows of ${cap.total}`);
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
      results.push({
        name: s.name,
        body: s.body,
        statements: cap.statements.length,
        total: cap.total,
        call,
        bare,
        ratio,
        pass: clean && ratio >= TARGET_RATIO,
      });
    }
    // No list call can go faster than a signed-in call that reads nothing (session, access, CSRF, envelope, HTTP).
    const floorTarget = { url: `${server.origin}${FLOOR_PATH}`, headers: session.headers, body: '{}' };
    if (WARMUP_SECONDS > 0) await runCall(floorTarget, CONNECTIONS, WARMUP_SECONDS);
    floor = await runCall(floorTarget, CONNECTIONS, SECONDS);
    log(`\n[floor] ${FLOOR_PATH}: ${fmt(floor.rps)} rps, p50 ${fmt(floor.p50_ms)} ms, p99 ${fmt(floor.p99_ms)} ms`);
  } finally {
    await pool.end();
    await server.stop();
  }
  log(`\ntransactions/list at ${CONNECTIONS} connections, ${SECONDS} s per run (ms); target call/bare >= ${TARGET_RATIO}`);
  log('scenario     call rps  bare rps  ratio  call p50  call p99  bare p99  verdict');
  for (const r of results) {
    log(
      `${r.name.padEnd(12)} ${fmt(r.call.rps).padStart(8)} ${fmt(r.bare.rps).padStart(9)} ${fmt(r.ratio, 2).padStart(6)} ${fmt(r.call.p50_ms).padStart(9)} ${fmt(r.call.p99_ms).padStart(9)} ${fmt(r.bare.p99_ms).padStart(9)}  ${r.pass ? 'PASS' : 'FAIL'}`,
    );
  }
  let commit: string | null = null;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: import.meta.dirname, encoding: 'utf8' }).trim();
  } catch {}
  const report = {
    benchmark: 'transactions-list',
    generated_at: new Date().toISOString(),
    commit,
    environment: {
      node: process.version,
      postgres: await serverVersion(DATABASE_URL),
      cpus: os.cpus().length,
      cpu_model: os.cpus()[0]?.model ?? 'unknown',
    },
    settings: {
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmup_seconds: WARMUP_SECONDS,
      purchases: PURCHASES,
      admin_entries: ADMIN_ENTRIES,
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
