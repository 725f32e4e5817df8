/**
 * Benchmark of the Customer Usage report, POST /api/v1/web/AdminUsageReport.json streamed (issue 16, decision
 * 0060): time to the first company row (target < 250 ms), to the last (target < 5 s), and the server's peak RSS
 * while it streams, over every company and over a tenth of them, to show memory does not grow with the count.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_reports_usage npx tsx bench/reports-usage-stream.bench.ts
 *
 * Each run builds a fresh database (its name must contain "bench"): BENCH_COMPANIES customer companies (default
 * 1,000; the size is 10,000), every tenth in region nz-north, each charged daily for BENCH_DAYS days
 * (default 365) for devices and for its account (2 × companies × days billing_usage rows), then measures the
 * report for the last full month: a warm-up run, then BENCH_RUNS runs (default 3) over the tenth and over all.
 * Environment: BENCH_ADMIN_DATABASE (default "test"). Exits 0 whether or not the targets are met.
 */
import { adminUsageReport } from '@portal/contract/reports/customer-usage';
import fs from 'node:fs';
import * as tenancy from '../apps/server/src/domains/tenancy/service.ts';
import * as users from '../apps/server/src/domains/users/service.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { adminUrlFor, assertLoopback, createBenchAdmin, recreateBenchDatabase, withClient } from './lib/database.ts';
import { fmt } from './lib/harness.ts';
import { login, type Session, startServer } from './lib/server.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_reports_usage';
const ADMIN_URL = adminUrlFor(DATABASE_URL, process.env.BENCH_ADMIN_DATABASE || 'test');
const COMPANIES = Number(process.env.BENCH_COMPANIES || 1000);
const DAYS = Number(process.env.BENCH_DAYS || 365);
const RUNS = Number(process.env.BENCH_RUNS || 3);
const EMAIL = 'usage-report-bench@example.com';
const PASSWORD = 'usage-report-bench-password-7';
const FIRST_ROW_TARGET_MS = 250;
const ALL_ROWS_TARGET_MS = 5000;
const log = (line: string) => console.log(line);

/** The last full month in UTC, and the day the charges end (yesterday). */
function lastMonth(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

async function build(url: string): Promise<void> {
  await recreateBenchDatabase(url, ADMIN_URL);
  const handle = await openDatabase({ url });
  try {
    const created = new Date(Date.now() - (DAYS + 30) * 86_400_000);
    await createBenchAdmin(handle.db, { company_name: 'Usage Bench Staff', email: EMAIL, password: PASSWORD, created_at: created });
    for (let from = 0; from < COMPANIES; from += 1000) {
      const rows = Array.from({ length: Math.min(1000, COMPANIES - from) }, (_, k) => {
        const i = from + k;
        return {
          company_name: `Usage Bench ${i}`,
          current_state: 'ACTIVE' as const,
          plan_id: 'Growth',
          region_code: i % 10 === 0 ? 'nz-north' : 'us-east',
          is_vip: i % 7 === 0,
          created_at: created,
        };
      });
      const made = await tenancy.createCompanies(handle, { rows });
      await users.createUsers(handle, {
        rows: made.map((c) => ({
          company_id: c.id,
          email: `owner-${c.id}@bench.example.com`,
          contact_name: `Owner ${c.id}`,
          is_primary_contact: true,
          password_hash: 'x',
        })),
      });
    }
  } finally {
    await handle.close();
  }
  await withClient(url, async (c) => {
    const started = Date.now();
    await c.query(
      `insert into billing_services (company_id, kind, variant, rebill_every_days, next_charge_again_at, started_at, updated_at)
       select c.id, k.kind::service_kind, '', 1, now(), c.created_at, now()
       from companies c cross join (values ('device'), ('account')) k(kind) where c.company_type = 'customer'`,
    );
    await c.query(
      `insert into billing_usage (company_id, service_id, charge_day, kind, variant, quantity, unit_cost, amount, pricing_description, created_at)
       select s.company_id, s.id, d::date, s.kind, '', 1 + (s.company_id + extract(doy from d)::int) % 9,
              10, 10 * (1 + (s.company_id + extract(doy from d)::int) % 9), '', d
       from billing_services s
       cross join generate_series(current_date - $1::int, current_date - 1, interval '1 day') d`,
      [DAYS],
    );
    await c.query('vacuum (analyze) companies, users, billing_services, billing_usage');
    const n = await c.query<{ n: string }>('select count(*) as n from billing_usage');
    log(
      `built ${COMPANIES.toLocaleString('en-US')} companies, ${Number(n.rows[0]?.n).toLocaleString('en-US')} daily charges in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });
}

/** The server's resident memory now, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

interface Run {
  rows: number;
  firstRowMs: number;
  allRowsMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

/** Streams the report as a page would (reads each chunk as it comes) and samples the server's RSS meanwhile. */
async function streamOnce(origin: string, session: Session, pid: number, body: Record<string, unknown>): Promise<Run> {
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
  }, 10);
  const started = performance.now();
  try {
    const res = await fetch(`${origin}${adminUsageReport.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...session.headers },
      body: JSON.stringify(body),
    });
    if (!res.ok || !res.body) throw new Error(`answered ${res.status}: ${await res.text()}`);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let rows = 0;
    let firstRowMs = Number.NaN;
    let closed = false;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      const lines = text.split('\n');
      text = lines.pop() ?? '';
      for (const line of lines) {
        if (line.includes('"event":"COMPANY"')) {
          rows++;
          if (Number.isNaN(firstRowMs)) firstRowMs = performance.now() - started;
        } else if (line === ']}') closed = true;
      }
    }
    if (!closed) throw new Error('the stream ended without its closing line');
    return { rows, firstRowMs, allRowsMs: performance.now() - started, rssBeforeMb, rssPeakMb };
  } finally {
    clearInterval(sampler);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main() {
  assertLoopback(DATABASE_URL, 'DATABASE_URL');
  await build(DATABASE_URL);
  const server = await startServer(DATABASE_URL);
  try {
    const pid = server.pid;
    if (pid === undefined) throw new Error('no server pid');
    const session = await login(server.origin, EMAIL, PASSWORD);
    const month = lastMonth();
    const scenarios = [
      { label: 'a tenth (region nz-north)', body: { target_year_month: month, target_region_id: ['nz-north'] } },
      { label: 'every company', body: { target_year_month: month } },
    ];
    await streamOnce(server.origin, session, pid, scenarios[1]?.body ?? {});
    log(`\nAdminUsageReport.json for ${month}, ${RUNS} runs each (median; RSS peak is the highest sample)`);
    log('| companies streamed | first row ms | all rows ms | server RSS before MB | server RSS peak MB | growth MB |');
    log('| ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const s of scenarios) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await streamOnce(server.origin, session, pid, s.body));
      const peak = Math.max(...runs.map((r) => r.rssPeakMb));
      const before = Math.min(...runs.map((r) => r.rssBeforeMb));
      log(
        `| ${runs[0]?.rows.toLocaleString('en-US')} (${s.label}) | ${fmt(median(runs.map((r) => r.firstRowMs)))} | ${fmt(median(runs.map((r) => r.allRowsMs)))} | ${fmt(before)} | ${fmt(peak)} | ${fmt(peak - before)} |`,
      );
      const first = median(runs.map((r) => r.firstRowMs));
      const all = median(runs.map((r) => r.allRowsMs));
      if (s.label === 'every company')
        log(
          `\ntargets: first row ${fmt(first)} ms (< ${FIRST_ROW_TARGET_MS}: ${first < FIRST_ROW_TARGET_MS ? 'met' : 'NOT met'}), all rows ${fmt(all)} ms (< ${ALL_ROWS_TARGET_MS}: ${all < ALL_ROWS_TARGET_MS ? 'met' : 'NOT met'})`,
        );
    }
  } finally {
    await server.stop();
  }
}

await main();
