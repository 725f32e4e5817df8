/**
 * Benchmark of the customer's bill, POST /api/v1/user/transactions/list, against its bare SQL at 16
 * connections, for a company with 10,000 card purchases and 500 admin credit entries among 50 neighbours with
 * 2,000 purchases each (see README.md, "Transactions list"). Target (issue 12): call/bare >= 0.5.
 *
 *   npx tsx bench/transactions-list.bench.ts          # from the repository root
 *
 * Environment: DATABASE_URL (default postgres://root@127.0.0.1:5432/bench_transactions; its name must contain
 * "bench", as it is built again when it lacks the history), BENCH_ADMIN_DATABASE (default "test"),
 * BENCH_SECONDS (default 10), BENCH_WARMUP_SECONDS (default 2), BENCH_REBUILD=1 to rebuild anyway,
 * BENCH_ONLY=<scenario name> to run one scenario (printed, not written to the results file), BENCH_PROF=1 or
 * BENCH_SERVER_NODE_ARGS to profile the server (lib/harness.ts).
 * Exits 0 whether or not the target is met: a report, not a gate.
 */
import fs from 'node:fs';
import path from 'node:path';
import { listTransactions } from '@portal/contract/payments/transactions';
import pg from 'pg';
import * as transactions from '../apps/server/src/domains/payments/transactions.ts';
import { hashPassword } from '../apps/server/src/platform/password-hash.ts';
import * as tenancy from '../apps/server/src/domains/tenancy/service.ts';
import * as users from '../apps/server/src/domains/users/service.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { adminUrlFor, assertLoopback, recreateBenchDatabase, withClient } from './lib/database.ts';
import {
  benchEnvironment,
  customerActor,
  FLOOR_PATH,
  gitCommit,
  type ListResult,
  type ListScenario,
  measureFloor,
  measureList,
  printListTable,
  serverNodeArgs,
  settled,
} from './lib/harness.ts';
import type { Measured } from './lib/load.ts';
import { login, startServer } from './lib/server.ts';

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
  await recreateBenchDatabase(url, ADMIN_URL);
  const handle = await openDatabase({ url });
  try {
    const now = new Date();
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

const SCENARIOS: ListScenario[] = [
  {
    name: 'first-page',
    call: listTransactions,
    body: { page: 1, page_size: 20 },
    run: (ctx, input) => transactions.listForCaller(ctx, input),
  },
  {
    name: 'page-100',
    call: listTransactions,
    body: { page: 100, page_size: 20 },
    run: (ctx, input) => transactions.listForCaller(ctx, input),
  },
];

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
  const actor = await customerActor(DATABASE_URL, EMAIL);
  const server = await startServer(DATABASE_URL, { nodeArgs: serverNodeArgs() });
  // The server's scheduler runs every job once at start: let it finish, or the first scenario pays for it.
  await settled(DATABASE_URL);
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: CONNECTIONS, statement_timeout: 30_000 });
  let floor: Measured | null = null;
  const results: ListResult[] = [];
  try {
    const session = await login(server.origin, EMAIL, PASSWORD);
    const run = {
      databaseUrl: DATABASE_URL,
      origin: server.origin,
      session,
      actor,
      pool,
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      targetRatio: TARGET_RATIO,
      log,
    };
    for (const s of SCENARIOS.filter((x) => !process.env.BENCH_ONLY || x.name === process.env.BENCH_ONLY)) {
      results.push(await measureList(run, s));
    }
    floor = await measureFloor(run);
  } finally {
    await pool.end();
    await server.stop();
  }
  log(`\ntransactions/list at ${CONNECTIONS} connections, ${SECONDS} s per run (ms); target call/bare >= ${TARGET_RATIO}`);
  printListTable(log, results);
  const report = {
    benchmark: 'transactions-list',
    generated_at: new Date().toISOString(),
    commit: gitCommit(),
    environment: await benchEnvironment(DATABASE_URL),
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
  if (process.env.BENCH_ONLY) return;
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
