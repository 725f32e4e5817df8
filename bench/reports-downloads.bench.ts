/**
 * Benchmark of the Downloads tab's balances and consumption files (issue 16, decision 0062): each streamed as
 * CSV and as XLSX over every company, timed to the last byte, with the server's peak RSS sampled meanwhile,
 * at two database sizes, to show the memory a download takes does not grow with the number of companies.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_reports_downloads npx tsx bench/reports-downloads.bench.ts
 *   BENCH_SIZES=10000,100000 npx tsx bench/reports-downloads.bench.ts     # the size (long: ~10 min to build)
 *
 * For each size in BENCH_SIZES (default 2,000 and 20,000) it builds a fresh database (its name must contain
 * "bench"): that many customer companies, each with a billing account, a device service charged daily for the
 * last BENCH_DAYS days (default 40, so last month and this one) with its ledger row, and a daily stats row per
 * charged day; then one warm-up download and BENCH_RUNS (default 1) of each file and format.
 * Environment: BENCH_ADMIN_DATABASE (default "test"). Exits 0 whether or not memory stays flat.
 */
import { reportBalances, reportConsumption } from '@portal/contract/reports/downloads';
import fs from 'node:fs';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { adminUrlFor, assertLoopback, createBenchAdmin, recreateBenchDatabase, withClient } from './lib/database.ts';
import { fmt } from './lib/harness.ts';
import { login, type Session, startServer } from './lib/server.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_reports_downloads';
const ADMIN_URL = adminUrlFor(DATABASE_URL, process.env.BENCH_ADMIN_DATABASE || 'test');
const SIZES = (process.env.BENCH_SIZES || '2000,20000').split(',').map(Number);
const DAYS = Number(process.env.BENCH_DAYS || 40);
const RUNS = Number(process.env.BENCH_RUNS || 1);
const EMAIL = 'downloads-bench@example.com';
const PASSWORD = 'downloads-bench-password-7';
const log = (line: string) => console.log(line);

async function build(url: string, companies: number): Promise<void> {
  await recreateBenchDatabase(url, ADMIN_URL);
  const handle = await openDatabase({ url });
  const created = new Date(Date.now() - (DAYS + 30) * 86_400_000);
  try {
    await createBenchAdmin(handle.db, { company_name: 'Downloads Bench Staff', email: EMAIL, password: PASSWORD, created_at: created });
  } finally {
    await handle.close();
  }
  // Companies and their rows in SQL: the services would take hours to write this much one call at a time.
  await withClient(url, async (c) => {
    const started = Date.now();
    await c.query(
      `insert into companies (company_name, current_state, plan_id, created_at, current_state_applied_at)
       select 'Downloads Bench ' || i, 'ACTIVE', 'Growth', $2::timestamptz, $2::timestamptz from generate_series(1, $1::int) i`,
      [companies, created],
    );
    await c.query(
      `insert into billing_services (company_id, kind, variant, rebill_every_days, next_charge_again_at, started_at, updated_at)
       select id, 'device', '', 1, now(), created_at, now() from companies where company_type = 'customer'`,
    );
    await c.query(
      `insert into billing_usage (company_id, service_id, charge_day, kind, variant, quantity, unit_cost, amount, pricing_description, created_at)
       select s.company_id, s.id, d::date, s.kind, '', 1 + (s.company_id + extract(doy from d)::int) % 9, 10,
              10 * (1 + (s.company_id + extract(doy from d)::int) % 9), '', d
       from billing_services s cross join generate_series(current_date - $1::int, current_date - 1, interval '1 day') d`,
      [DAYS],
    );
    await c.query(
      `insert into credit_ledger (company_id, usage_id, kind, amount, created_at)
       select company_id, id, 'charge', -amount, created_at from billing_usage`,
    );
    await c.query(
      `insert into billing_accounts (company_id, balance, created_at)
       select c.id, coalesce((select sum(amount) from credit_ledger l where l.company_id = c.id), 0), c.created_at from companies c
       on conflict (company_id) do update set balance = excluded.balance`,
    );
    await c.query(
      `insert into daily_stats (company_id, date, device_count, storage_amount_bytes, recorded_at)
       select company_id, charge_day, quantity, quantity * 1000000, created_at from billing_usage
       on conflict do nothing`,
    );
    await c.query('vacuum (analyze) companies, billing_accounts, billing_services, billing_usage, credit_ledger, daily_stats');
    const n = await c.query<{ n: string }>('select count(*) as n from billing_usage');
    log(
      `built ${companies.toLocaleString('en-US')} companies, ${Number(n.rows[0]?.n).toLocaleString('en-US')} daily charges and ledger rows in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });
}

/** The server's resident memory now, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

interface Run {
  bytes: number;
  lines: number;
  ms: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

/** Downloads a file as the browser does (GET with the session cookie), reading each chunk as it comes. */
async function downloadOnce(origin: string, session: Session, pid: number, path: string, format: 'csv' | 'xlsx'): Promise<Run> {
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
  }, 10);
  const started = performance.now();
  try {
    const res = await fetch(`${origin}${path}?format=${format}`, { headers: { cookie: session.headers.cookie ?? '' } });
    if (!res.ok || !res.body) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    const reader = res.body.getReader();
    let bytes = 0;
    let lines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      if (format === 'csv') for (const b of value) if (b === 10) lines++;
    }
    return { bytes, lines, ms: performance.now() - started, rssBeforeMb, rssPeakMb };
  } finally {
    clearInterval(sampler);
  }
}

async function measure(companies: number): Promise<string[]> {
  const table: string[] = [];
  await build(DATABASE_URL, companies);
  const server = await startServer(DATABASE_URL);
  try {
    const pid = server.pid;
    if (pid === undefined) throw new Error('no server pid');
    const session = await login(server.origin, EMAIL, PASSWORD);
    await downloadOnce(server.origin, session, pid, reportBalances.path, 'xlsx');
    for (const call of [reportBalances, reportConsumption]) {
      for (const format of ['csv', 'xlsx'] as const) {
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await downloadOnce(server.origin, session, pid, call.path, format));
        const ms = Math.min(...runs.map((r) => r.ms));
        const peak = Math.max(...runs.map((r) => r.rssPeakMb));
        const before = Math.min(...runs.map((r) => r.rssBeforeMb));
        // The staff company is a company too: the files list it with the bench's customers.
        const rows = format === 'csv' ? (runs[0]?.lines ?? 1) - 1 : companies + 1;
        table.push(
          `| ${companies.toLocaleString('en-US')} | ${call.path.split('/').pop()} | ${format} | ${rows.toLocaleString('en-US')} | ${fmt((runs[0]?.bytes ?? 0) / 1e6)} | ${fmt(ms)} | ${Math.round(rows / (ms / 1000)).toLocaleString('en-US')} | ${fmt(before)} | ${fmt(peak)} | ${fmt(peak - before)} |`,
        );
      }
    }
  } finally {
    await server.stop();
  }
  return table;
}

async function main() {
  assertLoopback(DATABASE_URL, 'DATABASE_URL');
  const table: string[] = [];
  for (const size of SIZES) table.push(...(await measure(size)));
  log('\n| companies | file | format | rows | MB | ms (best) | rows/s | server RSS before MB | server RSS peak MB | growth MB |');
  log('| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const line of table) log(line);
}

await main();
