import { scheduledJobList } from '@portal/contract/admin-tools/scheduled-jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScheduledJob, drainJob, startScheduler } from '../../platform/scheduler.ts';
import { ON_POSTGRES, TestClient, type TestContext, createTestContext, newCompany, ok } from '../../test/harness.ts';

const silent = { info() {}, warn() {}, error() {} };
const MINUTE = 60_000;

let t: TestContext;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestContext();
  const { user } = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin' });
  admin = await new TestClient(t.app).useSession(t.db, t.clock, user.id);
});
afterAll(() => t.close());

/** A job that finds these batches due, one per run of its transaction, then nothing; or fails with `error`. */
function jobOf(name: string, o: { batches?: number[]; error?: string; gate?: Promise<void> } = {}): ScheduledJob {
  const due = [...(o.batches ?? [])];
  return {
    name,
    everyMs: 60 * MINUTE,
    run: async () => {
      await o.gate;
      if (o.error) throw new Error(o.error);
      return due.shift() ?? 0;
    },
  };
}

async function statusOf(name: string) {
  const { data } = ok(await admin.call(scheduledJobList, {}));
  return data.rows.find((row) => row.name === name);
}

describe('scheduled job status (admin)', () => {
  it("shows a job's latest run: when it started, how long it took and the rows of all its batches", async () => {
    await drainJob(t.app.deps, jobOf('job-with-rows', { batches: [20, 20, 7] }), silent, () => {});
    expect(await statusOf('job-with-rows')).toEqual({
      name: 'job-with-rows',
      last_started_at: t.clock.now().toISOString(),
      last_duration_ms: expect.any(Number),
      last_rows: 47,
      last_succeeded: true,
      last_error: null,
      last_error_at: null,
    });
  });

  it('records a failed run with its error, and keeps the error after the job recovers', async () => {
    const failedAt = t.clock.now();
    await drainJob(t.app.deps, jobOf('flaky-job', { error: 'connect ECONNREFUSED 10.0.0.9:587' }), silent, () => {});
    expect(await statusOf('flaky-job')).toMatchObject({
      last_started_at: failedAt.toISOString(),
      last_rows: 0,
      last_succeeded: false,
      last_error: 'connect ECONNREFUSED 10.0.0.9:587',
      last_error_at: failedAt.toISOString(),
    });

    t.clock.advance(15 * MINUTE);
    await drainJob(t.app.deps, jobOf('flaky-job', { batches: [3] }), silent, () => {});
    expect(await statusOf('flaky-job')).toMatchObject({
      last_started_at: t.clock.now().toISOString(),
      last_rows: 3,
      last_succeeded: true,
      last_error: 'connect ECONNREFUSED 10.0.0.9:587',
      last_error_at: failedAt.toISOString(),
    });
  });

  it('keeps the later run when a run that started earlier (on a slower node) finishes after it', async () => {
    t.clock.advance(MINUTE);
    await drainJob(t.app.deps, jobOf('two-nodes', { batches: [5] }), silent, () => {});
    const latest = await statusOf('two-nodes');
    t.clock.advance(-30_000);
    await drainJob(t.app.deps, jobOf('two-nodes', { error: 'late and failed' }), silent, () => {});
    expect(await statusOf('two-nodes')).toEqual(latest);
  });

  it('lists the jobs a starting scheduler runs, and forgets jobs it no longer runs', async () => {
    const stop = startScheduler(t.app.deps, [jobOf('job-with-rows'), jobOf('new-job', { batches: [2] })], silent, () => {});
    await stop();
    const { data } = ok(await admin.call(scheduledJobList, {}));
    expect(data.rows.map((row) => row.name)).toEqual(['job-with-rows', 'new-job']);
    expect(await statusOf('new-job')).toMatchObject({ last_succeeded: true, last_rows: 2 });
  });

  // PGlite has one connection, which the job's open transaction holds: only PostgreSQL can answer meanwhile.
  it.skipIf(!ON_POSTGRES)('lists a job before its first run has ended, as not run yet', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stop = startScheduler(t.app.deps, [jobOf('slow-first-run', { gate })], silent, () => {});
    try {
      await expect
        .poll(() => statusOf('slow-first-run'))
        .toEqual({
          name: 'slow-first-run',
          last_started_at: null,
          last_duration_ms: null,
          last_rows: null,
          last_succeeded: null,
          last_error: null,
          last_error_at: null,
        });
    } finally {
      release();
      await stop();
    }
    expect(await statusOf('slow-first-run')).toMatchObject({ last_succeeded: true, last_rows: 0 });
  });

  it('is for admins only', async () => {
    const { user } = await newCompany(t.db);
    const customer = await new TestClient(t.app).useSession(t.db, t.clock, user.id);
    expect(await customer.call(scheduledJobList, {})).toMatchObject({ status: 'error', code: 403 });
  });
});
