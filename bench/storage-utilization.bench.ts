/**
 * Benchmark of the daily storage utilization job (docs/decisions/0055) against one set-based SQL pass over the
 * same figures (issue 14: at most 2×).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_storage npx tsx bench/storage-utilization.bench.ts
 *
 * It drops and builds the database (its name must contain "bench"): BENCH_ACCOUNTS companies (default 10,000),
 * each with a storage account and 20 buckets over 4 regions. The provider's figures for every bucket are rows
 * of a table (bench_bucket_usage, 200,000 rows); the job reads them through a provider that answers from
 * memory, loaded before the clock starts, so what is timed is the job's own work (locking the due accounts,
 * summing buckets per region, writing the day's rows, billing's daily stats for today and tomorrow, marking the
 * accounts measured; a transaction per 200 accounts) and not a provider's network time. The bare pass is one
 * statement doing the same writes from the same rows into scratch copies of the tables.
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_storage), BENCH_ADMIN_DATABASE
 * (default "test"), BENCH_ACCOUNTS (default 10000). Exits 0 whether or not the target is met: a report.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import * as billing from '../apps/server/src/domains/billing/service.ts';
import type { BucketUsage, StorageProvider } from '../apps/server/src/domains/storage/provider/types.ts';
import { utilizationJob } from '../apps/server/src/domains/storage/utilization.ts';
import { BackgroundWork } from '../apps/server/src/platform/background.ts';
import { fixedClock } from '../apps/server/src/platform/clock.ts';
import { type CallContext, type Logger, runInContext, systemSource } from '../apps/server/src/platform/context.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { adminUrlFor, assertLoopback, recreateBenchDatabase, withClient } from './lib/database.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_storage';
const ADMIN_URL = adminUrlFor(DATABASE_URL, process.env.BENCH_ADMIN_DATABASE || 'test');
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS || 10_000);
const BUCKETS = 20;
const REGIONS = ['us-east-1', 'us-west-1', 'eu-central-1', 'ap-northeast-1'];
const TARGET_RATIO = 2;
const RESULTS_FILE = path.resolve(import.meta.dirname, 'results/storage-utilization.json');
const NOW = new Date('2026-11-21T09:00:00Z');
const QUIET: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const log = (line: string) => console.log(line);
const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

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
      `insert into companies (company_name, current_state, plan_id, primary_email, created_at)
       select 'Storage Bench ' || i, 'ACTIVE'::company_state, 'Growth', 'owner' || i || '@bench.example.net', $1::timestamptz - interval '100 days'
       from generate_series(1, $2::int) i`,
      [NOW, ACCOUNTS],
    );
    await step('billing accounts', `insert into billing_accounts (company_id, balance, created_at) select id, 100000, $1 from companies`, [
      NOW,
    ]);
    await step(
      'storage accounts',
      `insert into storage_accounts (company_id, provider, provider_account_id, access_key, secret_key, created_at)
       select id, 'bench', 'acct-' || id, 'AK' || id, 'SK' || id, $1::timestamptz - interval '50 days' from companies`,
      [NOW],
    );
    await step(
      'provider figures (bench_bucket_usage)',
      `create table bench_bucket_usage as
       select a.company_id, a.provider_account_id, 'c' || a.company_id || '-b' || b as bucket,
         (array[${REGIONS.map((r) => `'${r}'`).join(',')}])[1 + b % ${REGIONS.length}] as region,
         ((a.company_id * 31 + b * 7) % 1000)::bigint * 1000000000 + 4096 as padded,
         ((a.company_id + b) % 100)::bigint * 1000 as metadata,
         (case when b % 5 = 0 then ((a.company_id + b) % 50)::bigint * 1000000 else 0 end) as deleted
       from storage_accounts a cross join generate_series(1, ${BUCKETS}) b`,
    );
    await step('vacuum analyze', 'vacuum (analyze)');
  });
  log(`  built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A provider answering each account's buckets from memory (the figures of bench_bucket_usage). */
function memoryProvider(figures: Map<string, BucketUsage[]>): StorageProvider {
  const no = () => Promise.reject(new Error('not in the benchmark'));
  return {
    kind: 'bench',
    endpointFor: no,
    createAccount: no,
    deleteAccount: no,
    rotateKeys: no,
    activeRegions: no,
    createBucket: no,
    listBuckets: no,
    deleteBucket: no,
    utilization: async (id) => figures.get(id) ?? [],
    close: async () => {},
  };
}

/**
 * The bare pass: one statement summing the same figures per company and region, writing the day's rows and
 * billing's daily stats (today and tomorrow) into scratch copies, and marking every account measured.
 */
function bareStatement(today: string, tomorrow: string) {
  return sql`
    with per_region as (
      select company_id, region, sum(padded) as padded, sum(metadata) as metadata, sum(deleted) as deleted, count(*)::int as buckets
      from bench_bucket_usage group by company_id, region
    ), util as (
      insert into bare_utilization (company_id, day, region, padded_storage_size_bytes, metadata_storage_size_bytes,
        deleted_storage_size_bytes, buckets_count, measured_at)
      select company_id, ${today}::date, region, padded, metadata, deleted, buckets, ${NOW} from per_region
      on conflict (company_id, day, region) do update set padded_storage_size_bytes = excluded.padded_storage_size_bytes,
        metadata_storage_size_bytes = excluded.metadata_storage_size_bytes, deleted_storage_size_bytes = excluded.deleted_storage_size_bytes,
        buckets_count = excluded.buckets_count, measured_at = excluded.measured_at
      returning 1
    ), stats as (
      insert into bare_stats (company_id, date, storage_amount_bytes, recorded_at)
      select t.company_id, d.date, t.bytes, ${NOW}
      from (select company_id, sum(padded + metadata + deleted)::bigint as bytes from per_region group by company_id) t
      cross join (values (${today}::date), (${tomorrow}::date)) d(date)
      on conflict (company_id, date) do update set storage_amount_bytes = excluded.storage_amount_bytes, recorded_at = excluded.recorded_at
      returning 1
    ), marked as (
      update storage_accounts set utilization_measured_at = ${NOW} returning 1
    )
    select (select count(*) from util)::int as util, (select count(*) from stats)::int as stats, (select count(*) from marked)::int as marked`;
}

async function main() {
  assertLoopback(DATABASE_URL, 'DATABASE_URL');
  log(`Building ${ACCOUNTS} storage accounts with ${BUCKETS} buckets each in ${new URL(DATABASE_URL).pathname.slice(1)}`);
  await build(DATABASE_URL);
  const handle = await openDatabase({ url: DATABASE_URL });
  const db = handle.db;
  const deps = {
    db,
    clock: fixedClock(NOW),
    config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' }),
    audit: async () => {},
    background: new BackgroundWork(),
  };
  const inTransaction = <T>(work: (ctx: CallContext) => Promise<T>) =>
    runInContext(deps, systemSource(QUIET), (ctx) => work(ctx as CallContext));
  const today = billing.billingDayOf({ clock: { now: () => NOW } });
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

  // The bare pass, three times into emptied scratch tables (the first warms the cache); the best is the baseline.
  await db.execute(
    sql`create table bare_utilization (like storage_utilization including defaults including constraints including indexes)`,
  );
  await db.execute(sql`create table bare_stats (like daily_stats including defaults including constraints including indexes)`);
  const bareTimes: number[] = [];
  let bare = { util: 0, stats: 0, marked: 0 };
  for (let i = 0; i < 3; i++) {
    await db.execute(sql`truncate bare_utilization, bare_stats`);
    await db.execute(sql`update storage_accounts set utilization_measured_at = null`);
    const t0 = performance.now();
    const [row] = rowsOf<typeof bare>(await db.execute(bareStatement(today, tomorrow)));
    bareTimes.push(performance.now() - t0);
    bare = row ?? bare;
  }
  const bareMs = Math.min(...bareTimes);
  const [bareSum] = rowsOf<{ bytes: string }>(
    await db.execute(
      sql`select sum(padded_storage_size_bytes + metadata_storage_size_bytes + deleted_storage_size_bytes)::text as bytes from bare_utilization`,
    ),
  );
  log(
    `bare pass: ${bare.util} region rows, ${bare.stats} daily stats, ${bare.marked} accounts; ${bareTimes.map((t) => t.toFixed(0)).join(' / ')} ms`,
  );
  await db.execute(sql`update storage_accounts set utilization_measured_at = null`);

  // The provider's answers, loaded before the clock starts.
  const figures = new Map<string, BucketUsage[]>();
  for (const r of rowsOf<{
    provider_account_id: string;
    bucket: string;
    region: string;
    padded: string;
    metadata: string;
    deleted: string;
  }>(
    await db.execute(sql`select provider_account_id, bucket, region, padded::text, metadata::text, deleted::text from bench_bucket_usage`),
  )) {
    const list = figures.get(r.provider_account_id) ?? [];
    list.push({
      name: r.bucket,
      region: r.region,
      activeBytes: Number(r.padded),
      paddedBytes: Number(r.padded),
      metadataBytes: Number(r.metadata),
      deletedBytes: Number(r.deleted),
    });
    figures.set(r.provider_account_id, list);
  }
  const provider = memoryProvider(figures);

  // The job as the scheduler runs it: a batch per transaction until no account is due.
  const runs: { ms: number; transactions: number; accounts: number }[] = [];
  for (let i = 0; i < 3; i++) {
    await db.execute(sql`update storage_accounts set utilization_measured_at = null`);
    const t0 = performance.now();
    let accounts = 0;
    let transactions = 0;
    for (;;) {
      const n = await inTransaction((ctx) => utilizationJob(ctx, provider));
      if (!n) break;
      accounts += n;
      transactions++;
    }
    runs.push({ ms: performance.now() - t0, transactions, accounts });
    log(`job run ${i + 1}: ${accounts} accounts in ${transactions} transactions, ${runs.at(-1)?.ms.toFixed(0)} ms`);
  }
  const best = runs.reduce((a, b) => (a.ms <= b.ms ? a : b));
  const [runSum] = rowsOf<{ bytes: string; rows: number; stats: number }>(
    await db.execute(sql`select sum(padded_storage_size_bytes + metadata_storage_size_bytes + deleted_storage_size_bytes)::text as bytes,
      count(*)::int as rows, (select count(*)::int from daily_stats where storage_amount_bytes > 0) as stats from storage_utilization`),
  );
  // A later wake the same day finds nothing due.
  const t1 = performance.now();
  const idle = await inTransaction((ctx) => utilizationJob(ctx, provider));
  const idleMs = performance.now() - t1;
  await handle.close();

  const ratio = best.ms / bareMs;
  const results = {
    at: new Date().toISOString(),
    machine: `${os.cpus().length} CPU, ${os.loadavg()[0]?.toFixed(2)} load`,
    accounts: ACCOUNTS,
    buckets: ACCOUNTS * BUCKETS,
    regions: REGIONS.length,
    bare: { ms: Math.round(bareMs), runs_ms: bareTimes.map(Math.round), region_rows: bare.util, daily_stats: bare.stats },
    run: {
      ms: Math.round(best.ms),
      runs_ms: runs.map((r) => Math.round(r.ms)),
      transactions: best.transactions,
      region_rows: runSum?.rows ?? 0,
      daily_stats: runSum?.stats ?? 0,
    },
    ratio: Number(ratio.toFixed(2)),
    target_ratio: TARGET_RATIO,
    same_bytes: runSum?.bytes === bareSum?.bytes,
    idle_wake: { accounts: idle, ms: Math.round(idleMs) },
    note: 'The provider answers from memory: a real provider adds one HTTP call per account (at Wasabi, GET .../utilizations/buckets).',
  };
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  log(JSON.stringify(results, null, 2));
  log(`ratio job/bare ${ratio.toFixed(2)} (target at most ${TARGET_RATIO}): ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}`);
}

await main();
