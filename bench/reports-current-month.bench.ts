/**
 * Benchmark of the Current Month widgets (issue 16, decision 0059): for each widget, the time to regenerate it
 * on a seeded world, then the time to serve it from its cache (readWidget, as the current_month call does)
 * against the bare SQL read of its cache row, and the ratio (bare ÷ served; issue target ≥ 0.5).
 *
 *   npx tsx bench/reports-current-month.bench.ts                           # 200 companies of the demo world
 *   BENCH_COMPANIES=10000 npx tsx bench/reports-current-month.bench.ts     # larger (seeding takes a while, once)
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_reports_current_month; its name must
 * contain "bench"), BENCH_ADMIN_DATABASE (default "test"), BENCH_COMPANIES (default 200), BENCH_READS (reads per
 * widget and way, default 300). Exits 0 whatever the figures.
 */
import { CURRENT_MONTH_WIDGET_IDS } from '@portal/contract/reports/current-month';
import { loadConfig } from '../apps/server/src/config.ts';
import { cacheState, readWidget } from '../apps/server/src/domains/reports/current-month/service.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import type pg from 'pg';
import { adminUrlFor, assertLoopback, ensureSeeded, serverVersion } from './lib/database.ts';
import { fmt } from './lib/harness.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_reports_current_month';
const ADMIN_URL = adminUrlFor(DATABASE_URL, process.env.BENCH_ADMIN_DATABASE || 'test');
const COMPANIES = Number(process.env.BENCH_COMPANIES || 200);
const READS = Number(process.env.BENCH_READS || 300);
const log = (line: string) => console.log(line);

/** Median of a list of milliseconds. */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function main() {
  assertLoopback(DATABASE_URL, 'DATABASE_URL');
  await ensureSeeded(DATABASE_URL, ADMIN_URL, COMPANIES, log);
  const handle = await openDatabase({ url: DATABASE_URL });
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL, SEED_DEMO: 'false' });
  const ctx = { db: handle.db, clock: systemClock, config };
  try {
    log(`PostgreSQL ${await serverVersion(DATABASE_URL)}, ${COMPANIES} companies, ${READS} reads per widget and way`);
    log('| widget | regenerate ms | served from cache ms (median) | bare SQL ms (median) | ratio bare ÷ served |');
    log('| --- | ---: | ---: | ---: | ---: |');
    for (const id of CURRENT_MONTH_WIDGET_IDS) {
      await readWidget(ctx, id, {}, { refresh: true });
      const state = (await cacheState(handle.db)).find((r) => r.widget_id === id);
      const params = state?.params ?? '';
      const served: number[] = [];
      const bare: number[] = [];
      // The bare read goes through the same pool, so the ratio is what the service adds to one statement.
      const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
      for (let i = 0; i < READS; i++) {
        let t0 = performance.now();
        await readWidget(ctx, id);
        served.push(performance.now() - t0);
        t0 = performance.now();
        await pool.query('select data, cached_at from report_widget_cache where widget_id = $1 and params = $2', [id, params]);
        bare.push(performance.now() - t0);
      }
      const [s, b] = [median(served), median(bare)];
      log(`| ${id} | ${state?.generation_ms ?? '-'} | ${fmt(s, 3)} | ${fmt(b, 3)} | ${fmt(b / s, 2)} |`);
    }
  } finally {
    await handle.close();
  }
}

await main();
