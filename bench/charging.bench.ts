/**
 * Benchmark of the daily charging run against one set-based statement computing the same charges (see
 * README.md, "Daily charging").
 *
 *   npx tsx bench/charging.bench.ts          # from the repository root
 *
 * Environment: DATABASE_URL (default postgres://root@127.0.0.1:5432/bench_charging; its name must
 * contain "bench", as it is dropped and built again), BENCH_ADMIN_DATABASE (default "test"),
 * BENCH_COMPANIES (default 100000). Exits 0 whether or not the target is met: a report, not a gate.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chargeNextBatch } from '../apps/server/src/domains/billing/charging.ts';
import * as billing from '../apps/server/src/domains/billing/service.ts';
import { chargeAmount, chargeQuantity, storageAllowance } from '../apps/server/src/domains/billing/queries/services.ts';
import { addDays, startOfDay } from '../apps/server/src/domains/billing/days.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { BackgroundWork } from '../apps/server/src/platform/background.ts';
import { fixedClock } from '../apps/server/src/platform/clock.ts';
import { type CallContext, type Logger, runInContext, systemSource } from '../apps/server/src/platform/context.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { adminUrlFor, assertLoopback, recreateBenchDatabase, withClient } from './lib/database.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/bench_charging';
const ADMIN_URL = adminUrlFor(DATABASE_URL, process.env.BENCH_ADMIN_DATABASE || 'test');
const COMPANIES = Number(process.env.BENCH_COMPANIES || 100_000);
const TARGET_RATIO = 2;
const RESULTS_FILE = path.resolve(import.meta.dirname, 'results/charging.json');
/** The day charged: the run finds every earlier day done and charges this one. */
const DAY = '2026-11-21';
const NOW = new Date(startOfDay(DAY).getTime() + 60_000);
const QUIET: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const log = (line: string) => console.log(line);

/**
 * A world of COMPANIES companies, each with five services (devices and Microsoft 365 monthly, Hyper-V and
 * storage daily, a hosted console monthly), 30 days of daily stats, and one or two credit packs; monthly
 * services fall due spread over the month, so a day charges about a thirtieth of them. Built in SQL, as
 * the demo seed's 100,000 companies carry no billing history.
 */
async function build(url: string) {
  await recreateBenchDatabase(url, ADMIN_URL);
  await (await openDatabase({ url })).close();
  const started = Date.now();
  await withClient(url, async (c) => {
    const step = async (what: string, text: string, params: unknown[] = []) => {
      const t0 = Date.now();
      await c.query(text, params);
      log(`  ${what}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    };
    await step(
      'companies',
      `insert into companies (company_name, current_state, plan_id, primary_email, created_at, has_contract_billing)
       select 'Bench ' || i,
         (case when i % 50 = 0 then 'PENDING_DELETE' when i % 25 = 0 then 'SUSPENDED' when i % 20 = 0 then 'TRIAL' else 'ACTIVE' end)::company_state,
         case when i % 20 = 0 then 'Trial' when i % 3 = 0 then 'Starter' else 'Growth' end,
         'owner' || i || '@bench.example.net', $1::timestamptz - interval '400 days', i % 40 = 1
       from generate_series(1, $2::int) i`,
      [NOW, COMPANIES],
    );
    await step('accounts', `insert into billing_accounts (company_id, balance, created_at) select id, 0, $1 from companies`, [NOW]);
    // Credit: a never-expiring pack each, and an expiring one for every other company (some already past expiry).
    await step(
      'credit packs',
      `insert into credit_packs (company_id, name, amount, cost, source, purchase_date, expiry_date, added_by_user)
       select id, 'Top-up', 20000 + (id % 7) * 1000, 20000, 'purchase'::credit_source, $1::timestamptz - interval '60 days', null, 'bench' from companies
       union all
       select id, 'Promo', 500, 0, 'promo'::credit_source, $1::timestamptz - interval '20 days', $1::timestamptz + ((id % 40) - 5) * interval '1 day', 'bench'
       from companies where id % 2 = 0
       union all
       select id, 'Small', 300, 300, 'purchase'::credit_source, $1::timestamptz - interval '10 days', $1::timestamptz + interval '3 days', 'bench'
       from companies where id % 5 = 0`,
      [NOW],
    );
    await step(
      'pack ledger',
      `insert into credit_ledger (company_id, pack_id, kind, amount, created_at) select company_id, id, 'credit', amount, purchase_date from credit_packs`,
    );
    await step(
      'balances',
      `update billing_accounts a set balance = s.total from (select company_id, sum(amount) total from credit_packs group by 1) s where s.company_id = a.company_id`,
    );
    await step(
      'services',
      `insert into billing_services (company_id, kind, variant, owner_kind, owner_id, rebill_every_days, next_charge_again_at, quantity, started_at, updated_at)
       select c.id, x.kind::service_kind, x.variant, x.owner_kind, case when x.owner_kind is null then null else x.owner_kind || '-' || c.id end,
         x.rebill, $1::timestamptz + case when x.rebill = 30 then ((c.id * 7 + x.n) % 30) * interval '1 day' else interval '0 days' end + interval '1 hour',
         1, $1::timestamptz - interval '300 days', $1::timestamptz - interval '1 day'
       from companies c cross join (values
         ('device', '', null, 30, 1), ('booster', 'microsoft365', null, 30, 2), ('booster', 'hyperv', null, 1, 3),
         ('storage', '', 'bucket', 1, 4), ('hosted_server', '', 'hosted_server', 30, 5)
       ) x(kind, variant, owner_kind, rebill, n)`,
      [startOfDay(DAY)],
    );
    await step(
      'daily stats (30 days)',
      `insert into daily_stats (company_id, date, device_count, booster_count, booster_microsoft365, booster_hyperv, storage_amount_bytes, recorded_at)
       select c.id, $1::date - d, 1 + (c.id + d) % 12, (c.id % 9) + (c.id % 4), c.id % 9, c.id % 4, ((c.id % 30) * 200000000000)::bigint, $2
       from companies c cross join generate_series(0, 29) d`,
      [DAY, NOW],
    );
    await step(
      'earlier days done',
      `insert into billing_charging_days (day, next_company_id, started_at, completed_at) values ($1::date - 1, 0, $2, $2)`,
      [DAY, NOW],
    );
    await step('vacuum analyze', 'vacuum (analyze)');
  });
  log(`  built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * One statement computing the day's charges, from the run's own SQL pieces: with `write`, it also writes them
 * as usage rows into a scratch copy of billing_usage (its indexes, not its foreign keys); otherwise it
 * answers their count and total.
 */
function bareStatement(write = false) {
  const dayEnd = startOfDay(addDays(DAY, 1));
  const tail = write
    ? sql`insert into bare_usage (company_id, service_id, charge_day, kind, variant, details, quantity, unit_cost, amount, pricing_description, created_at)
          select company_id, service_id, ${DAY}::date, kind, variant, details, qty, unit_cost, amount, pricing_description, ${NOW}
          from priced where amount > 0`
    : sql`select count(*)::int as n, coalesce(sum(amount), 0)::bigint as total from priced where amount > 0`;
  return sql`
    with priced as materialized (
      select s.id as service_id, s.company_id, s.kind, s.variant, s.details, q.qty, p.unit_cost, p.pricing_description,
        ${chargeAmount(sql`q.qty`, storageAllowance(dayEnd))} as amount
      from billing_services s
      join billing_accounts a on a.company_id = s.company_id
      join company_billing c on c.company_id = s.company_id
      join billing_prices p on p.plan_id = c.plan_id and p.kind = s.kind and p.variant = s.variant
      cross join lateral (select ${chargeQuantity(DAY)} as qty offset 0) q
      where s.stopped_at is null
        and case when s.rebill_every_days = 1 then s.started_at < ${dayEnd} else s.next_charge_again_at < ${dayEnd} end
        and c.current_state in ('ACTIVE', 'PENDING_DELETE')
        and (a.balance >= 0 or c.has_contract_billing or c.has_oob_payment)
    )
    ${tail}`;
}

async function counters(url: string) {
  // The statistics collector flushes a backend's counts at most once a second.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ n: string; ins: string; upd: string; del: string }>(
      `select (select count(*) || '/' || coalesce(max(id), 0) || '/' || (select count(*) || '/' || coalesce(max(id), 0) from credit_ledger)
                || '/' || (select sum(balance) || '/' || sum(hashtext(company_id || ':' || balance)) from billing_accounts)
                || '/' || (select sum(amount_used) from credit_packs)
                || '/' || (select sum(hashtext(id || ':' || next_charge_again_at::text)) from billing_services)
                || '/' || (select string_agg(day || ':' || next_company_id || ':' || coalesce(completed_at::text, ''), ',') from billing_charging_days)
               from billing_usage) as n,
              tup_inserted::text as ins, tup_updated::text as upd, tup_deleted::text as del
       from pg_stat_database where datname = current_database()`,
    );
    return rows[0];
  });
}

async function main() {
  assertLoopback(DATABASE_URL, 'DATABASE_URL');
  log(`Building ${COMPANIES} companies with 5 services each in ${new URL(DATABASE_URL).pathname.slice(1)}`);
  await build(DATABASE_URL);
  const handle = await openDatabase({ url: DATABASE_URL });
  const db = handle.db;
  const clock = fixedClock(NOW);
  const deps = {
    db,
    clock,
    config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' }),
    audit: async () => {},
    background: new BackgroundWork(),
  };
  const inTransaction = <T>(work: (ctx: CallContext) => Promise<T>) =>
    runInContext(deps, systemSource(QUIET), (ctx) => work(ctx as CallContext));

  // The bare statement, three times (the first warms the cache); the best is the baseline.
  const bareTimes: number[] = [];
  let bare = { n: 0, total: 0 };
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const result = await db.execute(bareStatement());
    bareTimes.push(performance.now() - t0);
    const row = (result as unknown as { rows: { n: number; total: string }[] }).rows[0];
    bare = { n: Number(row?.n ?? 0), total: Number(row?.total ?? 0) };
  }
  const bareMs = Math.min(...bareTimes);
  log(`bare statement: ${bare.n} charges, ${bare.total} cents; ${bareTimes.map((t) => t.toFixed(0)).join(' / ')} ms`);
  // The same statement writing the usage rows (into a scratch table, emptied after each try).
  await db.execute(sql`create table bare_usage (like billing_usage including defaults including constraints including indexes)`);
  const bareWriteTimes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await db.execute(bareStatement(true));
    bareWriteTimes.push(performance.now() - t0);
    await db.execute(sql`truncate bare_usage`);
  }
  await db.execute(sql`drop table bare_usage`);
  const bareWriteMs = Math.min(...bareWriteTimes);
  log(`bare statement writing usage rows: ${bareWriteTimes.map((t) => t.toFixed(0)).join(' / ')} ms`);

  // The run as the scheduler makes it: a batch per transaction until the day is done.
  const before = await counters(DATABASE_URL);
  const t0 = performance.now();
  let charged = 0;
  let batches = 0;
  for (;;) {
    const r = await inTransaction((ctx) => chargeNextBatch(ctx));
    if (!r.progressed) break;
    charged += r.charged;
    batches++;
  }
  const runMs = performance.now() - t0;
  const after = await counters(DATABASE_URL);
  const total = await db.execute(sql`select coalesce(sum(amount), 0)::bigint as total from billing_usage where charge_day = ${DAY}::date`);
  const runTotal = Number((total as unknown as { rows: { total: string }[] }).rows[0]?.total ?? 0);
  log(`run: ${charged} charges, ${runTotal} cents, ${batches} transactions, ${runMs.toFixed(0)} ms`);

  // A second run the same day: it must write nothing.
  const t1 = performance.now();
  const again = await inTransaction((ctx) => billing.runDailyCharging(ctx, { day: DAY }));
  const secondMs = performance.now() - t1;
  const afterSecond = await counters(DATABASE_URL);
  const unchanged = afterSecond?.n === after?.n;
  log(`second run: ${again} charges in ${secondMs.toFixed(0)} ms; billing tables unchanged: ${unchanged}`);
  const mismatches = await billing.verifyLedger({ db }, { limit: 10 });
  await handle.close();

  const ratio = runMs / bareMs;
  const results = {
    at: new Date().toISOString(),
    machine: `${os.cpus().length} CPU, ${os.loadavg()[0]?.toFixed(2)} load`,
    companies: COMPANIES,
    services: COMPANIES * 5,
    bare: { charges: bare.n, cents: bare.total, ms: Math.round(bareMs), runs_ms: bareTimes.map(Math.round) },
    bare_writing_usage: { ms: Math.round(bareWriteMs), runs_ms: bareWriteTimes.map(Math.round) },
    ratio_to_bare_writing_usage: Number((runMs / bareWriteMs).toFixed(2)),
    run: { charges: charged, cents: runTotal, ms: Math.round(runMs), transactions: batches },
    ratio: Number(ratio.toFixed(2)),
    target_ratio: TARGET_RATIO,
    same_charges: charged === bare.n && runTotal === bare.total,
    second_run: { charges: again, ms: Math.round(secondMs), billing_tables_unchanged: unchanged },
    rows_written_by_run: {
      inserted: Number(after?.ins) - Number(before?.ins),
      updated: Number(after?.upd) - Number(before?.upd),
    },
    ledger_mismatches: mismatches.length,
  };
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  log(JSON.stringify(results, null, 2));
  log(`ratio run/bare ${ratio.toFixed(2)} (target at most ${TARGET_RATIO}): ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}`);
  log(`ratio run/bare writing usage rows ${(runMs / bareWriteMs).toFixed(2)}`);
}

await main();
