/**
 * Benchmark of the three billing lists a customer's pages load, each against its bare SQL (see README.md,
 * "Billing lists"): POST /api/v1/payment/list_credit_packs, /api/v1/web/UserMyUsageTable.json and
 * /api/v1/company/get_active_services, at 16 connections, for a company with two years of daily usage.
 *
 *   npx tsx bench/billing-lists.bench.ts          # from the repository root
 *
 * Environment: DATABASE_URL (default postgres://root@127.0.0.1:5432/bench_billing_lists; its name must
 * contain "bench", as it is built again when it lacks the history), BENCH_ADMIN_DATABASE (default "test"),
 * BENCH_SECONDS (default 10), BENCH_WARMUP_SECONDS (default 2), BENCH_REBUILD=1 to rebuild anyway,
 * BENCH_ONLY=<scenario name> to run one scenario (its figures are printed, not written to the results file),
 * BENCH_PROF=1 to have the server write a CPU profile to /tmp/prof when it stops (or BENCH_SERVER_NODE_ARGS).
 * Exits 0 whether or not the target is met: a report, not a gate.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getActiveServices } from '@portal/contract/billing/active-services';
import { listCreditPacks } from '@portal/contract/billing/credit-packs';
import { userMyUsageTable } from '@portal/contract/billing/usage';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { addDays, dayOf, startOfDay } from '../apps/server/src/domains/billing/days.ts';
import * as reads from '../apps/server/src/domains/billing/reads.ts';
import * as billing from '../apps/server/src/domains/billing/service.ts';
import { hashPassword } from '../apps/server/src/platform/password-hash.ts';
import * as tenancy from '../apps/server/src/domains/tenancy/service.ts';
import * as users from '../apps/server/src/domains/users/service.ts';
import { BackgroundWork } from '../apps/server/src/platform/background.ts';
import { fixedClock } from '../apps/server/src/platform/clock.ts';
import { type CallContext, type Logger, runInContext, systemSource } from '../apps/server/src/platform/context.ts';
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

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/bench_billing_lists';
const ADMIN_URL = adminUrlFor(DATABASE_URL, process.env.BENCH_ADMIN_DATABASE || 'test');
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 2);
const CONNECTIONS = 16;
const TARGET_RATIO = 0.5;
const RESULTS_FILE = path.resolve(import.meta.dirname, 'results/billing-lists.json');
/** The stats a company reports on day d of the history: the SQL that writes the other days says the same. */
function statsOf(companyId: number, d: number) {
  const n = (companyId * 7 + d) % 13;
  return { device_count: 10 + n, boosters: { microsoft365: 20 + n, hyperv: 3 + (n % 4), vmware: 2, proxmox: 1 + (n % 2) } };
}

/** Two years of charge days, ending yesterday. */
const HISTORY_DAYS = 730;
/** Other companies charged on the same days, so the tables hold far more than the measured company's rows. */
const NEIGHBOURS = 200;
const EMAIL = 'billing-bench@example.com';
const PASSWORD = 'billing-bench-password-7';
const COMPANY_NAME = 'Billing Bench Ltd';
const QUIET: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const log = (line: string) => console.log(line);

/** Whether the database holds the measured company with its two years of usage. */
async function built(url: string): Promise<boolean> {
  try {
    return await withClient(url, async (c) => {
      const { rows } = await c.query<{ n: number }>(
        `select count(*)::int as n from billing_usage u join companies c on c.id = u.company_id where c.company_name = $1`,
        [COMPANY_NAME],
      );
      return (rows[0]?.n ?? 0) > HISTORY_DAYS;
    });
  } catch {
    return false;
  }
}

/**
 * The measured company: Growth plan, devices, Microsoft 365, Hyper-V, VMware and Proxmox boosters reported
 * every day for two years and charged by the daily run day by day, a top-up every week (a quarter of them
 * expiring after 90 days), 25 licences; and NEIGHBOURS companies with the same history.
 */
async function build(url: string): Promise<void> {
  await recreateBenchDatabase(url, ADMIN_URL);
  const handle = await openDatabase({ url });
  const started = Date.now();
  try {
    const { db } = handle;
    const first = addDays(dayOf(new Date()), -HISTORY_DAYS);
    const clock = fixedClock(startOfDay(first));
    const deps = {
      db,
      clock,
      config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' }),
      audit: async () => {},
      background: new BackgroundWork(),
    };
    const run = <T>(work: (ctx: CallContext) => Promise<T>) => runInContext(deps, systemSource(QUIET), (ctx) => work(ctx as CallContext));

    const [measured, ...neighbours] = await tenancy.createCompanies(
      { db },
      {
        rows: [
          { company_name: COMPANY_NAME, current_state: 'ACTIVE', plan_id: 'Growth', created_at: clock.now() },
          ...Array.from({ length: NEIGHBOURS }, (_, i) => ({
            company_name: `Neighbour ${i}`,
            current_state: 'ACTIVE' as const,
            plan_id: 'Growth',
            created_at: clock.now(),
          })),
        ],
      },
    );
    if (!measured) throw new Error('no company');
    await users.createUsers(
      { db },
      {
        rows: [
          {
            company_id: measured.id,
            email: EMAIL,
            contact_name: 'Bench Customer',
            is_primary_contact: true,
            password_hash: await hashPassword(PASSWORD),
          },
        ],
      },
    );
    const all = [measured, ...neighbours];
    await run(async (ctx) => {
      for (const c of all) {
        await billing.addCredit(ctx, {
          company_id: c.id,
          name: 'Opening balance',
          amount: 1_000_000,
          source: 'admin',
          added_by_user: 'bench',
        });
      }
      for (let i = 0; i < 25; i++) {
        await billing.startService(ctx, {
          company_id: measured.id,
          kind: 'serial',
          owner_kind: 'licence',
          owner_id: `bench-${i}`,
          details: `Server ${i}`,
        });
      }
    });
    // The first day through the service (it starts the metered services), the other days' stats in one statement.
    await run(async (ctx) => {
      for (const c of all) await billing.recordDailyStats(ctx, { company_id: c.id, date: first, ...statsOf(c.id, 0) });
    });
    await withClient(url, (c) =>
      c.query(
        `insert into daily_stats (company_id, date, device_count, booster_count, booster_microsoft365, booster_hyperv, booster_vmware,
           booster_proxmox, recorded_at)
         select c.id, $1::date + d, 10 + (c.id * 7 + d) % 13,
           (20 + (c.id * 7 + d) % 13) + (3 + (c.id * 7 + d) % 13 % 4) + 2 + (1 + (c.id * 7 + d) % 13 % 2),
           20 + (c.id * 7 + d) % 13, 3 + (c.id * 7 + d) % 13 % 4, 2, 1 + (c.id * 7 + d) % 13 % 2, now()
         from companies c cross join generate_series(1, $2::int - 1) d
         on conflict do nothing`,
        [first, HISTORY_DAYS],
      ),
    );
    for (let d = 0; d < HISTORY_DAYS; d++) {
      const day = addDays(first, d);
      clock.set(new Date(startOfDay(day).getTime() + 3_600_000));
      await run(async (ctx) => {
        if (d % 7 === 0) {
          await billing.addCredit(ctx, {
            company_id: measured.id,
            name: `Weekly top-up ${d / 7 + 1}`,
            amount: 10_000,
            cost: 10_000,
            source: 'purchase',
            expiry_days: d % 28 === 0 ? 90 : null,
            added_by_user: 'Bench Customer',
          });
        }
        await billing.runDailyCharging(ctx, { day });
      });
      if (d % 73 === 72) log(`  charged ${d + 1} of ${HISTORY_DAYS} days (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  } finally {
    await handle.close();
  }
  await withClient(url, (c) => c.query('vacuum (analyze)'));
  log(`  built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

const SCENARIOS: ListScenario[] = [
  {
    name: 'list_credit_packs',
    call: listCreditPacks,
    body: { page: 1, page_size: 5 },
    run: (ctx, input) => reads.listCreditPacks(ctx, input),
  },
  {
    name: 'usage-table',
    call: userMyUsageTable,
    body: { page: 1, page_size: 100 },
    run: (ctx, input) => reads.usageTable(ctx, input),
  },
  {
    name: 'usage-table-search',
    call: userMyUsageTable,
    body: { page: 3, page_size: 100, target_search_query: 'hyper-v' },
    run: (ctx, input) => reads.usageTable(ctx, input),
  },
  {
    name: 'get_active_services',
    call: getActiveServices,
    body: { page: 1, page_size: 20 },
    run: (ctx, input) => reads.activeServices(ctx, input),
  },
];

async function main() {
  assertLoopback(DATABASE_URL, 'DATABASE_URL');
  assertLoopback(ADMIN_URL, 'the admin database URL');
  if (process.env.BENCH_REBUILD === '1' || !(await built(DATABASE_URL))) {
    log(`Building ${DATABASE_URL}: ${HISTORY_DAYS} days of usage for ${NEIGHBOURS + 1} companies (once; later runs reuse it)`);
    await build(DATABASE_URL);
  } else {
    await (await openDatabase({ url: DATABASE_URL })).close();
  }
  const sizes = await withClient(DATABASE_URL, async (c) => {
    const { rows } = await c.query<{ usage: number; packs: number; mine: number; ledger: number }>(
      `select (select count(*)::int from billing_usage) as usage, (select count(*)::int from credit_packs) as packs,
         (select count(*)::int from billing_usage u join companies c on c.id = u.company_id where c.company_name = $1) as mine,
         (select count(*)::int from credit_ledger) as ledger`,
      [COMPANY_NAME],
    );
    return rows[0];
  });
  log(`Usage rows ${sizes?.usage} (the measured company's ${sizes?.mine}), credit packs ${sizes?.packs}, ledger rows ${sizes?.ledger}`);

  const actor = await customerActor(DATABASE_URL, EMAIL);
  const server = await startServer(DATABASE_URL, { nodeArgs: serverNodeArgs() });
  // The server's scheduler runs every job once at start (today's charges, the services' recompute): let it
  // finish before measuring, or the first scenario pays for it.
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

  log(`\nbilling lists at ${CONNECTIONS} connections, ${SECONDS} s per run (latencies in ms); target call/bare >= ${TARGET_RATIO}`);
  printListTable(log, results);
  const report = {
    benchmark: 'billing-lists',
    generated_at: new Date().toISOString(),
    commit: gitCommit(),
    environment: await benchEnvironment(DATABASE_URL),
    settings: {
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmup_seconds: WARMUP_SECONDS,
      history_days: HISTORY_DAYS,
      neighbours: NEIGHBOURS,
    },
    sizes,
    target_ratio: TARGET_RATIO,
    pass: results.every((r) => r.pass),
    scenarios: results,
    floor: floor && { path: FLOOR_PATH, call: floor },
  };
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  if (process.env.BENCH_ONLY) return;
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  log(`\nFigures written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

try {
  await main();
} catch (err) {
  console.error('Benchmark could not run:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
}
