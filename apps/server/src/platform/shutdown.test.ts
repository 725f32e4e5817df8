import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, appWith, createTestContext } from '../test/harness.ts';
import { type ScheduledJob, startScheduler } from './scheduler.ts';
import { shutDown } from './shutdown.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** An app node with a request that answers only when the test lets it. */
async function nodeWithSlowRequest() {
  const app: FastifyInstance = await appWith(t);
  let release = () => {};
  let started = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const running = new Promise<void>((r) => {
    started = r;
  });
  app.get('/slow', async () => {
    started();
    await gate;
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, base, release, running };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('shutting a node down (SIGTERM)', () => {
  it('turns /readyz unready while still serving, stops the jobs between batches, lets the request in flight finish, then closes', async () => {
    const { app, base, release, running } = await nodeWithSlowRequest();
    const events: string[] = [];
    const job: ScheduledJob = {
      name: 'endless-backlog',
      everyMs: 60_000,
      run: async () => {
        events.push('begin');
        await sleep(20);
        events.push('end');
        return 1;
      },
    };
    const stopJobs = startScheduler(app.deps, [job], app.log, () => {});
    const slow = fetch(`${base}/slow`);
    await running;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    let outcome: string | null = null;
    const shutting = shutDown(app, { stopJobs, drainMs: 300, timeoutMs: 10_000 }).then((r) => {
      outcome = r;
      return r;
    });
    // Draining: unready for the balancer, still answering.
    const ready = await fetch(`${base}/readyz`);
    expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 503, body: { status: 'draining' } });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    // After the drain the node waits for the request in flight rather than cutting it off.
    await sleep(600);
    expect(outcome).toBeNull();
    release();
    const answer = await slow;
    expect({ status: answer.status, body: await answer.json() }).toEqual({ status: 200, body: { done: true } });
    expect(await shutting).toBe('closed');

    // The job's backlog was left between two batches: every batch begun has ended, and none begins after.
    const begun = events.filter((e) => e === 'begin').length;
    expect(begun).toBeGreaterThan(0);
    // The backlog is endless: a scheduler that did not stop between batches would have run its 100 a tick.
    expect(begun).toBeLessThan(100);
    expect(events.filter((e) => e === 'end').length).toBe(begun);
    await sleep(100);
    expect(events.filter((e) => e === 'begin').length).toBe(begun);
    // And the node takes no more connections.
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });

  it('gives up after the timeout when a request does not finish, so the process can exit anyway', async () => {
    const { app, base, release, running } = await nodeWithSlowRequest();
    const slow = fetch(`${base}/slow`).catch(() => null);
    await running;
    expect(await shutDown(app, { stopJobs: async () => {}, drainMs: 0, timeoutMs: 300 })).toBe('timeout');
    release();
    await slow;
    await app.close();
  });
});
