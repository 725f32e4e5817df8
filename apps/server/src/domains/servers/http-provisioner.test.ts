import { hostedCreate, hostedDelete } from '@portal/contract/servers/hosted';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type LocalOrchestrator, startLocalOrchestrator } from '../../platform/provisioning-local-server.ts';
import { jobContext } from '../../test/context.ts';
import { createTestContext, ok, signedInCompany, type TestContext } from '../../test/harness.ts';
import { hostedRow, servicesOf } from '../../test/rows.ts';
import { hostedProvisionerJob } from './hosted-job.ts';
import { type ConsoleSpec, httpProvisioner, LOCAL_BUILD_FAILURE, LOCAL_DELETE_FAILURE, localConsoles } from './provisioner.ts';

// The production adapter over real HTTP against the local orchestrator (docs/decisions/0064), whose clock the test
// moves: the orchestrator keeps the local provisioner's timing (10 s builds, 5 s removals here).
const TOKEN = 'consoles-test-token-0123456789';
let nowMs = Date.parse('2026-11-21T00:00:00Z');
const now = () => new Date(nowMs);
const config = loadConfig({
  NODE_ENV: 'test',
  HOSTED_PROVISIONER_TOKEN: TOKEN,
  HOSTED_PROVISION_SECONDS: '10',
  HOSTED_DELETE_SECONDS: '5',
  HOSTED_FAILURE_RATE: '0.5',
});
let fails = false;
let orchestrator: LocalOrchestrator;
beforeAll(async () => {
  orchestrator = await startLocalOrchestrator({ products: { consoles: localConsoles(config) }, now, random: () => (fails ? 0 : 0.99) });
});
afterAll(() => orchestrator.close());

const adapter = (o: { token?: string; timeoutMs?: number } = {}) =>
  httpProvisioner({ url: orchestrator.url, token: o.token ?? TOKEN, retryDelayMs: 1, recheckSeconds: 30, timeoutMs: o.timeoutMs ?? 2000 });
const spec = (id: number): ConsoleSpec => ({
  hosted_server_id: id,
  company_id: 7,
  region: 'eu-west',
  user_dns: `acme-${id}.cometbackup.example`,
  email_from: 'backups@acme.example',
  email_send_as: 'Acme',
  storage: { type: 'cspbw', bucket: 'b', access_key: 'AK', secret_key: 'do-not-log-this-secret', included_bytes: 0 },
});

describe('httpProvisioner against the local orchestrator', () => {
  it('creates a console, checks until it is built, then deletes it', async () => {
    const p = adapter();
    const started = await p.startCreate(spec(1), now());
    expect(started.operation).toMatch(/^op_/);
    expect(started.check_at.getTime()).toBe(nowMs + 10_000);
    expect(orchestrator.requests.at(-1)).toEqual({ method: 'POST', path: '/consoles', idempotencyKey: 'console-1' });

    nowMs += 9_000;
    expect(await p.checkCreate(started.operation, spec(1), now())).toEqual({ state: 'pending', check_at: new Date(nowMs + 1000) });
    nowMs += 1_000;
    const built = await p.checkCreate(started.operation, spec(1), now());
    expect(built).toMatchObject({ state: 'done', result: { version: config.SERVER_LATEST_VERSION, admin_username: 'admin' } });
    // The orchestrator answers the same console to every later check.
    expect(await p.checkCreate(started.operation, spec(1), now())).toEqual(built);

    const removal = await p.startDelete(spec(1), now());
    expect(orchestrator.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/consoles/1' });
    expect(await p.checkDelete(removal.operation, now())).toMatchObject({ state: 'pending' });
    nowMs += 5_000;
    expect(await p.checkDelete(removal.operation, now())).toEqual({ state: 'done', result: null });
  });

  it('a repeated start with the same key answers the same operation; a repeated delete the same removal', async () => {
    const p = adapter();
    const first = await p.startCreate(spec(2), now());
    nowMs += 3_000;
    const again = await p.startCreate(spec(2), now());
    expect(again).toEqual({ operation: first.operation, check_at: first.check_at });
    const removal = await p.startDelete(spec(2), now());
    expect((await p.startDelete(spec(2), now())).operation).toBe(removal.operation);
    // The same key with another spec is refused, and the refusal is the build's failure.
    const other = await p.startCreate({ ...spec(2), region: 'us-east' }, now());
    expect(await p.checkCreate(other.operation, spec(2), now())).toEqual({
      state: 'failed',
      message: 'The orchestrator refused the request: This Idempotency-Key was used with a different request',
    });
  });

  it('refuses a request without the bearer token, and the adapter starts again later rather than failing the build', async () => {
    const bare = await fetch(`${orchestrator.url}/consoles`, { method: 'POST', body: '{}', headers: { 'idempotency-key': 'x' } });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ message: 'A bearer token is required' });
    const wrong = adapter({ token: 'not-the-token-of-the-orchestrator' });
    expect(await wrong.startCreate(spec(3), now())).toEqual({ operation: '', check_at: new Date(nowMs + 30_000) });
    const started = await adapter().startCreate(spec(3), now());
    expect(await wrong.checkCreate(started.operation, spec(3), now())).toEqual({ state: 'pending', check_at: new Date(nowMs + 30_000) });
  });

  it('a build and a removal the orchestrator fails end with its messages; a delete after a failed one is a new attempt', async () => {
    const p = adapter();
    fails = true;
    const build = await p.startCreate(spec(4), now());
    const removal = await p.startDelete(spec(4), now());
    fails = false;
    nowMs += 10_000;
    expect(await p.checkCreate(build.operation, spec(4), now())).toEqual({ state: 'failed', message: LOCAL_BUILD_FAILURE });
    expect(await p.checkDelete(removal.operation, now())).toEqual({ state: 'failed', message: LOCAL_DELETE_FAILURE });
    const retry = await p.startDelete(spec(4), now());
    expect(retry.operation).not.toBe(removal.operation);
    nowMs += 5_000;
    expect(await p.checkDelete(retry.operation, now())).toEqual({ state: 'done', result: null });
    expect(await p.checkDelete('op_unknown', now())).toEqual({ state: 'failed', message: 'Unknown operation op_unknown' });
  });

  it('an orchestrator that does not answer in time is started and checked again later (each attempt retried)', async () => {
    const p = adapter({ timeoutMs: 100 });
    const started = await adapter().startCreate(spec(5), now());
    orchestrator.latencyMs = 400;
    const before = orchestrator.requests.length;
    try {
      expect(await p.startCreate(spec(5), now())).toEqual({ operation: '', check_at: new Date(nowMs + 30_000) });
      expect(await p.checkCreate(started.operation, spec(5), now())).toEqual({ state: 'pending', check_at: new Date(nowMs + 30_000) });
    } finally {
      orchestrator.latencyMs = 0;
    }
    // Three attempts each (the first and two retries): both requests are idempotent.
    expect(orchestrator.requests.slice(before).map((r) => r.method)).toEqual(['POST', 'POST', 'POST', 'GET', 'GET', 'GET']);
  });
});

describe('the configuration', () => {
  it('names the http provisioners only with an address and a token of 16+ characters', () => {
    expect(() => loadConfig({ HOSTED_PROVISIONER: 'http', HOSTED_PROVISIONER_TOKEN: TOKEN })).toThrow(
      'HOSTED_PROVISIONER=http needs HOSTED_PROVISIONER_URL and HOSTED_PROVISIONER_TOKEN (16+ characters)',
    );
    expect(() =>
      loadConfig({ CLOUDVIEW_PROVISIONER: 'http', CLOUDVIEW_PROVISIONER_URL: 'https://o.example', CLOUDVIEW_PROVISIONER_TOKEN: 'short' }),
    ).toThrow('CLOUDVIEW_PROVISIONER=http needs CLOUDVIEW_PROVISIONER_URL and CLOUDVIEW_PROVISIONER_TOKEN (16+ characters)');
    const ok = loadConfig({ HOSTED_PROVISIONER: 'http', HOSTED_PROVISIONER_URL: 'https://o.example/v1', HOSTED_PROVISIONER_TOKEN: TOKEN });
    expect(ok.HOSTED_PROVISIONER).toBe('http');
  });
});

describe('HOSTED_PROVISIONER=http: the job builds and removes a console through the orchestrator', () => {
  // An orchestrator of its own: keys are unique per portal database (console-1 of the tests above is another console).
  let t: TestContext;
  let own: LocalOrchestrator;
  beforeAll(async () => {
    own = await startLocalOrchestrator({ products: { consoles: localConsoles(config) }, now, random: () => 0.99 });
    t = await createTestContext({ HOSTED_PROVISIONER: 'http', HOSTED_PROVISIONER_URL: own.url, HOSTED_PROVISIONER_TOKEN: TOKEN });
    nowMs = t.clock.now().getTime();
  });
  afterAll(async () => {
    await t.close();
    await own.close();
  });
  const tick = async (seconds: number) => {
    t.clock.advance(seconds * 1000);
    nowMs = t.clock.now().getTime();
    return hostedProvisionerJob(jobContext(t));
  };
  const form = {
    target_region: 'eu-west',
    target_email_from: 'a@acme.example',
    target_email_send_as: 'Acme',
    target_storage_type: 'none',
  } as const;

  it('provisioning → ready (billed, with the orchestrator’s sign-in) → deleting → deleted', async () => {
    const { client, company } = await signedInCompany(t, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const made = ok(await client.call(hostedCreate, form)).data;
    await tick(0);
    expect(own.requests.at(-1)).toMatchObject({ method: 'POST', idempotencyKey: `console-${made.hosted_server_id}` });
    await tick(9);
    expect(await hostedRow(t, made.hosted_server_id)).toMatchObject({ state: 'provisioning', failure_message: '' });
    await tick(1);
    const ready = await hostedRow(t, made.hosted_server_id);
    expect(ready).toMatchObject({ state: 'ready', version: config.SERVER_LATEST_VERSION, admin_username: 'admin' });
    expect(ready?.admin_password).toMatch(/^[\w-]{16}$/);
    expect((await servicesOf(t, company.id)).filter((s) => s.kind === 'hosted_server')).toHaveLength(1);

    ok(await client.call(hostedDelete, { target_hosted_server_id: made.hosted_server_id, target_confirm_name: ready?.server_name ?? '' }));
    await tick(0);
    await tick(5);
    expect((await hostedRow(t, made.hosted_server_id))?.state).toBe('deleted');
  });

  it('an orchestrator that is down leaves the console provisioning, not started; the build starts when it is back', async () => {
    const { client } = await signedInCompany(t, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const made = ok(await client.call(hostedCreate, form)).data;
    const port = Number(new URL(own.url).port);
    await own.close();
    await tick(0);
    const waiting = await hostedRow(t, made.hosted_server_id);
    expect(waiting).toMatchObject({ state: 'provisioning', provision_operation: '', failure_message: '' });
    expect(waiting?.next_check_at?.getTime()).toBe(nowMs + 30_000);

    own = await startLocalOrchestrator({ products: { consoles: localConsoles(config) }, now, random: () => 0.99, port });
    await tick(29);
    expect(own.requests).toEqual([]);
    await tick(1);
    expect(own.requests).toEqual([{ method: 'POST', path: '/consoles', idempotencyKey: `console-${made.hosted_server_id}` }]);
    await tick(10);
    expect((await hostedRow(t, made.hosted_server_id))?.state).toBe('ready');
  });
});
