import { getAuthContext } from '@portal/contract/auth/auth-context';
import { scheduledJobList } from '@portal/contract/admin-tools/scheduled-jobs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { ON_POSTGRES, TestClient, type TestContext, appWith, createTestContext, newCompany, ok } from '../test/harness.ts';
import { quiet } from '../test/session-notices.ts';
import { queueMail } from './mail.ts';
import { drainJob } from './scheduler.ts';

const TOKEN = 'a-scraper-token-of-enough-length';
const silent = { info() {}, warn() {}, error() {} };

let t: TestContext;
/** A node serving its metrics on a free loopback port, behind the token, with the session cache on. */
let node: FastifyInstance;
let metricsUrl: string;
beforeAll(async () => {
  t = await createTestContext();
  node = await appWith(t, { METRICS_PORT: '0', METRICS_TOKEN: TOKEN, SESSION_CACHE_SECONDS: '5' });
  await node.ready();
  metricsUrl = `http://127.0.0.1:${node.metricsEndpoint?.port()}/metrics`;
});
afterAll(async () => {
  await node.close();
  await t.close();
});

async function scrape(): Promise<string> {
  const res = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one sample (`name{labels} value`), or undefined when the scrape has no such line. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the metrics endpoint', () => {
  it('is off unless METRICS_PORT is set, and the app itself never answers /metrics', async () => {
    expect(t.app.metricsEndpoint).toBeUndefined();
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('portal_calls_total');
  });

  it('wants the bearer token when one is set, and serves only GET /metrics', async () => {
    expect((await fetch(metricsUrl)).status).toBe(401);
    expect((await fetch(metricsUrl, { headers: { authorization: 'Bearer not-the-token' } })).status).toBe(401);
    expect((await fetch(metricsUrl.replace('/metrics', '/'), { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(405);
    const text = await scrape();
    // Node's own figures come with the endpoint.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('refuses to listen beyond loopback without a token of 16+ characters', () => {
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_HOST beyond loopback needs METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN }).METRICS_HOST).toBe('0.0.0.0');
    expect(loadConfig({ METRICS_PORT: '9464' }).METRICS_HOST).toBe('127.0.0.1');
  });
});

describe('what is measured', () => {
  it('counts calls by contract path and status class, with their latency, and nothing for unknown paths', async () => {
    const { user } = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin' });
    const admin = await new TestClient(node).useSession(t.db, t.clock, user.id);
    ok(await admin.call(scheduledJobList, {}));
    ok(await admin.call(scheduledJobList, {}));
    expect((await new TestClient(node).call(scheduledJobList, {})).code).toBe(401);
    await node.inject({ method: 'POST', url: '/api/v1/admin/made-up-path' });

    const text = await scrape();
    const call = `call="${scheduledJobList.path}"`;
    expect(sample(text, `portal_calls_total{${call},status_class="2xx"}`)).toBe(2);
    expect(sample(text, `portal_calls_total{${call},status_class="4xx"}`)).toBe(1);
    expect(sample(text, `portal_call_duration_seconds_count{${call},status_class="2xx"}`)).toBe(2);
    expect(sample(text, `portal_call_duration_seconds_bucket{le="+Inf",${call},status_class="2xx"}`)).toBe(2);
    expect(sample(text, `portal_call_duration_seconds_sum{${call},status_class="2xx"}`)).toBeGreaterThan(0);
    expect(text).not.toContain('made-up-path');
  });

  it("counts a job's runs, failures, rows and duration, and whether its latest run failed", async () => {
    let fail = false;
    let due = [3, 2];
    const job = {
      name: 'metrics-test-job',
      everyMs: 60_000,
      run: async () => {
        if (fail) throw new Error('the relay refused');
        return due.shift() ?? 0;
      },
    };
    await drainJob(node.deps, job, silent, () => {});
    const job1 = await scrape();
    const label = '{job="metrics-test-job"}';
    expect(sample(job1, `portal_job_runs_total${label}`)).toBe(1);
    expect(sample(job1, `portal_job_rows_total${label}`)).toBe(5);
    expect(sample(job1, `portal_job_failures_total${label}`)).toBe(0);
    expect(sample(job1, `portal_job_last_run_failed${label}`)).toBe(0);
    expect(sample(job1, `portal_job_duration_seconds_count${label}`)).toBe(1);
    expect(sample(job1, `portal_job_last_success_timestamp_seconds${label}`)).toBeGreaterThanOrEqual(t.clock.now().getTime() / 1000);

    fail = true;
    await drainJob(node.deps, job, silent, () => {});
    const job2 = await scrape();
    expect(sample(job2, `portal_job_runs_total${label}`)).toBe(2);
    expect(sample(job2, `portal_job_failures_total${label}`)).toBe(1);
    expect(sample(job2, `portal_job_last_run_failed${label}`)).toBe(1);
    expect(sample(job2, `portal_job_rows_total${label}`)).toBe(5);

    fail = false;
    due = [];
    await drainJob(node.deps, job, silent, () => {});
    expect(sample(await scrape(), `portal_job_last_run_failed${label}`)).toBe(0);
  });

  it("reads the mail outbox's backlog and its oldest mail's age at each scrape", async () => {
    const before = await scrape();
    const pending = sample(before, 'portal_mail_outbox_pending') ?? 0;
    const mail = { template: 'test', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>', to: 'ann@example.com', companyId: null };
    await queueMail(t.db, t.clock, mail);
    t.clock.advance(90_000);
    await queueMail(t.db, t.clock, mail);
    t.clock.advance(30_000);
    const after = await scrape();
    expect(sample(after, 'portal_mail_outbox_pending')).toBe(pending + 2);
    expect(sample(after, 'portal_mail_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(120);
    expect(sample(after, 'portal_mail_outbox_failed')).toBe(0);
  });

  it("exposes the session cache's hits and misses as counters", async () => {
    const { user } = await newCompany(t.db);
    const client = await new TestClient(node).useSession(t.db, t.clock, user.id);
    await quiet(node);
    ok(await client.call(getAuthContext, {}));
    ok(await client.call(getAuthContext, {}));
    const text = await scrape();
    expect(node.sessionCache.counts.hits).toBeGreaterThan(0);
    expect(sample(text, 'portal_session_cache_hits_total')).toBe(node.sessionCache.counts.hits);
    expect(sample(text, 'portal_session_cache_misses_total')).toBe(node.sessionCache.counts.misses);
  });

  it.skipIf(!ON_POSTGRES)("shows the PostgreSQL pool's use", async () => {
    const text = await scrape();
    const max = sample(text, 'portal_db_pool_max_connections') ?? 0;
    expect(max).toBeGreaterThan(0);
    expect(sample(text, 'portal_db_pool_connections')).toBeGreaterThan(0);
    expect(sample(text, 'portal_db_pool_connections')).toBeLessThanOrEqual(max);
    expect(sample(text, 'portal_db_pool_idle_connections')).toBeLessThanOrEqual(max);
    // The scrape's own outbox statement may be waiting for a connection of the test's small pool.
    expect(sample(text, 'portal_db_pool_waiting_requests')).toBeGreaterThanOrEqual(0);
  });

  it.skipIf(ON_POSTGRES)('shows no pool on PGlite, which has one connection', async () => {
    expect(await scrape()).not.toContain('portal_db_pool_');
  });
});
