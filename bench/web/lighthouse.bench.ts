/**
 * Lighthouse (desktop) on the production build served by the real server: /login signed out, /dashboard as
 * the demo customer and /dashboard_admin as the demo admin. Writes bench/results/web.json and prints the
 * scores. See bench/README.md ("Web app (Lighthouse)").
 *
 *   npm run bench:web                       # builds apps/web into a temp dir, starts the server on it
 *   BENCH_WEB_DIST=/path/to/dist npm run bench:web   # an existing build instead
 *   CHROME_PATH=/usr/bin/chromium (default)  BENCH_WEB_RUNS=3 (median of n runs per page, default 3)
 *   BENCH_WEB_REPORTS=/some/dir   also writes each page's full Lighthouse report (JSON) there
 *   BENCH_WEB_PAGES=/dashboard   only these pages (comma-separated); the others keep their last figures
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { login } from '../lib/server.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const RESULTS = path.join(REPO, 'bench/results/web.json');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const DEMO_PASSWORD = 'demo-password';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Page {
  path: string;
  /** Who is signed in, by demo email; none for a signed-out visit. */
  as?: string;
}

const ALL_PAGES: Page[] = [
  { path: '/login' },
  { path: '/dashboard', as: 'customer@example.com' },
  { path: '/dashboard_admin', as: 'admin@example.com' },
];

function selectedPages(): Page[] {
  const wanted = process.env.BENCH_WEB_PAGES?.split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!wanted?.length) return ALL_PAGES;
  const unknown = wanted.filter((p) => !ALL_PAGES.some((page) => page.path === p));
  if (unknown.length)
    throw new Error(`BENCH_WEB_PAGES: unknown page(s) ${unknown.join(', ')}; known: ${ALL_PAGES.map((p) => p.path).join(', ')}`);
  return ALL_PAGES.filter((page) => wanted.includes(page.path));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function buildWeb(): string {
  const given = process.env.BENCH_WEB_DIST;
  if (given) return path.resolve(given);
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-dist-'));
  console.log(`Building the web app into ${dist} ...`);
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(REPO, 'apps/web'),
    stdio: 'inherit',
  });
  return dist;
}

/** The real server in production mode on the embedded database (a fresh one, seeded with the demo world). */
async function startServer(dist: string) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-data-'));
  const origin = `http://127.0.0.1:${port}`;
  // The embedded database, whatever the caller's environment points at.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(REPO, 'apps/server'),
    env: {
      ...inherited,
      NODE_ENV: 'production',
      // What production asks for (decision 0077); the pages measured link to nothing at PUBLIC_URL.
      EMBEDDED_DATABASE: 'true',
      APP_SECRET: randomBytes(24).toString('base64url'),
      SEALING_KEY: randomBytes(24).toString('base64url'),
      PUBLIC_URL: 'https://portal.example.com',
      COOKIE_SECURE: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(10_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${stderr}`);
    try {
      if ((await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`The server was not ready within 120 s:\n${stderr}`);
}

interface PageResult {
  path: string;
  signed_in_as: string | null;
  runs: number;
  /** Category scores, 0–100, of the run with the median performance score. */
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: { fcp_ms: number; lcp_ms: number; tbt_ms: number; cls: number; speed_index_ms: number };
  /** JavaScript and all bytes the page transferred (compressed, as sent). */
  transfer: { script_kb: number; total_kb: number };
  /** Audits that lost points in accessibility or best practices: id and title. */
  findings: { category: string; id: string; title: string }[];
  /** The scripts the page loaded, in request order: file, compressed kB, and ms from navigation start. */
  scripts: { file: string; kb: number; start_ms: number }[];
  /** When the run happened and the figures this page had before it (a page measured alone keeps the comparison). */
  date: string;
  previous?: Omit<PageResult, 'previous'>;
}

function summarise(page: Page, lhr: Result, runs: number): PageResult {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] })?.items ?? [];
  const transfer = (type: string) => Math.round((items.find((item) => item.resourceType === type)?.transferSize ?? 0) / 100) / 10;
  const findings = CATEGORIES.filter((c) => c !== 'performance').flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ({ category, id: ref.id, title: lhr.audits[ref.id]?.title ?? ref.id })),
  );
  const requests =
    (
      lhr.audits['network-requests']?.details as {
        items?: { url: string; resourceType?: string; transferSize?: number; networkRequestTime?: number }[];
      }
    )?.items ?? [];
  const scripts = requests
    .filter((request) => request.resourceType === 'Script')
    .map((request) => ({
      file: new URL(request.url).pathname.split('/').pop() ?? request.url,
      kb: Math.round((request.transferSize ?? 0) / 100) / 10,
      start_ms: Math.round(request.networkRequestTime ?? 0),
    }));
  return {
    path: page.path,
    signed_in_as: page.as ?? null,
    runs,
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices') },
    metrics: {
      fcp_ms: Math.round(numeric('first-contentful-paint')),
      lcp_ms: Math.round(numeric('largest-contentful-paint')),
      tbt_ms: Math.round(numeric('total-blocking-time')),
      cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
      speed_index_ms: Math.round(numeric('speed-index')),
    },
    transfer: { script_kb: transfer('script'), total_kb: transfer('total') },
    findings,
    scripts,
    date: lhr.fetchTime,
  };
}

function readEarlierFile(): { date?: string; pages?: PageResult[] } {
  try {
    return JSON.parse(fs.readFileSync(RESULTS, 'utf8'));
  } catch {
    return {};
  }
}
const readEarlier = () => readEarlierFile().pages ?? [];
const earlierDate = () => readEarlierFile().date ?? '';

async function main() {
  const dist = buildWeb();
  const server = await startServer(dist);
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const results: PageResult[] = [];
  try {
    for (const page of selectedPages()) {
      // The session and CSRF cookies, and the CSRF header the app would echo from its cookie: the headers
      // go with every request, and the cookies never reach the page's document.cookie to be echoed.
      const extraHeaders: Record<string, string> = page.as ? (await login(server.origin, page.as, DEMO_PASSWORD)).headers : {};
      const flags: Flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        extraHeaders,
      };
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i++) {
        let result = await lighthouse(`${server.origin}${page.path}`, flags, desktopConfig);
        // Chromium now and then loses the trace of a load (NO_NAVSTART, "run Lighthouse again"): that run
        // measured nothing, so it is made again, once.
        if (result?.lhr.runtimeError?.code === 'NO_NAVSTART')
          result = await lighthouse(`${server.origin}${page.path}`, flags, desktopConfig);
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        if (result.lhr.runtimeError) throw new Error(`${page.path}: ${result.lhr.runtimeError.message}`);
        const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
        if (landed !== page.path) throw new Error(`${page.path} ended on ${landed}: the sign-in did not hold`);
        runs.push(result.lhr);
      }
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const median = runs[Math.floor(runs.length / 2)];
      if (median) results.push(summarise(page, median, runs.length));
      const reports = process.env.BENCH_WEB_REPORTS;
      if (reports && median) {
        fs.mkdirSync(reports, { recursive: true });
        fs.writeFileSync(path.join(reports, `${page.path.slice(1) || 'root'}.json`), JSON.stringify(median, null, 2));
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
  }

  const earlier = readEarlier();
  const pages = ALL_PAGES.flatMap((page) => {
    const before = earlier.find((r) => r.path === page.path);
    const now = results.find((r) => r.path === page.path);
    if (!now) return before ? [before] : [];
    if (!before) return [now];
    const { previous: _older, ...kept } = before;
    return [{ ...now, previous: { ...kept, date: kept.date ?? earlierDate() } }];
  });
  const report = {
    date: new Date().toISOString(),
    lighthouse: desktopConfig.settings?.formFactor ?? 'desktop',
    runs_per_page: RUNS,
    pages,
  };
  fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
  fs.writeFileSync(RESULTS, `${JSON.stringify(report, null, 2)}\n`);
  console.log('\npage               perf  a11y  best  FCP ms  LCP ms  TBT ms    CLS  JS kB');
  for (const r of results) {
    console.log(
      [
        r.path.padEnd(17),
        String(r.scores.performance).padStart(5),
        String(r.scores.accessibility).padStart(5),
        String(r.scores['best-practices']).padStart(5),
        String(r.metrics.fcp_ms).padStart(7),
        String(r.metrics.lcp_ms).padStart(7),
        String(r.metrics.tbt_ms).padStart(7),
        r.metrics.cls.toFixed(3).padStart(6),
        r.transfer.script_kb.toFixed(1).padStart(6),
      ].join(' '),
    );
    for (const f of r.findings) console.log(`    ${f.category}: ${f.id} — ${f.title}`);
    for (const script of r.scripts)
      console.log(`    script ${String(script.start_ms).padStart(6)} ms ${script.kb.toFixed(1).padStart(6)} kB  ${script.file}`);
  }
  console.log(`\nWritten to ${path.relative(REPO, RESULTS)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
