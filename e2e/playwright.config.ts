import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { PAGER_PORT, PAGER_SECRET, PORT, PUBLIC_URL, SMTP_PORT } from './support/addresses.ts';

// E2E_ARTIFACTS and E2E_WEB_DIST give a second run on the same machine its own database, results and build.
const artifacts = process.env.E2E_ARTIFACTS ?? path.join(import.meta.dirname, '.artifacts');
const dataDir = path.join(artifacts, 'data');

/** Debian's Chromium, with the flags this machine's closed network needs. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(artifacts, 'results'),
  // A busy 2-core machine (CI's, or a laptop running other work) runs a journey several times slower than a quiet
  // one; a minute keeps slow from reading as broken, there as in CI (docs/ci.md, a suite that passes on a busy machine).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: PUBLIC_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    timezoneId: 'Pacific/Auckland',
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium', launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS } } },
  ],
  webServer: {
    // The config is loaded again in every worker, so the fresh database is made here, once, by the server's start.
    command: `rm -rf '${dataDir}' && npx tsx apps/server/src/main.ts`,
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${PORT}/readyz`,
    // The first start seeds the demo world through the portal's own calls and jobs (decision 0089).
    timeout: 480_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'fatal',
      RATE_LIMIT_PER_MINUTE: '100000',
      DATA_DIR: dataDir,
      PUBLIC_URL,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      // The forgot-password bot check is solved by the browser in a few milliseconds at this size.
      BOT_CHALLENGE_MAX_NUMBER: '1000',
      // Automatic top-up looks every 5 seconds, so its journey sees the job top up without a test-only hook.
      // Hosted consoles: the local provisioner builds one in 6 seconds, and its job looks each second.
      // Storage is measured again every 3 seconds, so the storage journey sees an upload counted by the job.
      // Customer portals: built in 4 seconds, looked at each second (decision 0057).
      JOB_INTERVALS: 'auto-topup=5,hosted-provisioner=1,storage-utilization=3,customer-portal-provisioner=1',
      HOSTED_PROVISION_SECONDS: '6',
      CLOUDVIEW_PROVISION_SECONDS: '4',
      CLOUDVIEW_DELETE_SECONDS: '2',
      // P1 alerts page the journeys' local receiver (support/pager.ts), which checks the signature.
      PAGER_WEBHOOK_URL: `http://127.0.0.1:${PAGER_PORT}/page`,
      PAGER_WEBHOOK_SECRET: PAGER_SECRET,
      PAGER_ROTATION: 'Olivia On-call <+15550001>; Bram Backup <+15550002>',
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
