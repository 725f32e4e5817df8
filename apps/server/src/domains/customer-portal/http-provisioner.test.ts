import { cloudviewEnable, cloudviewGenerateLoginCredentials, cloudviewTerminate } from '@portal/contract/customer-portal/cloudview';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type LocalOrchestrator, startLocalOrchestrator } from '../../platform/provisioning-local-server.ts';
import { jobContext } from '../../test/context.ts';
import { createTestContext, newCompany, ok, signedInCompany, TestClient, type TestContext } from '../../test/harness.ts';
import { servicesOf } from '../../test/rows.ts';
import { portalProvisionerJob } from './job.ts';
import {
  httpPortalProvisioner,
  LOCAL_PORTAL_BUILD_FAILURE,
  LOCAL_PORTAL_DELETE_FAILURE,
  LOCAL_PORTAL_PATH,
  localPortals,
  type PortalSpec,
} from './provisioner.ts';
import * as q from './queries.ts';

// The production adapter over real HTTP against the local orchestrator (docs/decisions/0064), whose clock the test
// moves: the orchestrator keeps the local provisioner's timing (20 s builds, 10 s removals here).
const TOKEN = 'portals-test-token-0123456789';
const PUBLIC_URL = 'http://portal.test:3000';
let nowMs = Date.parse('2026-11-21T00:00:00Z');
const now = () => new Date(nowMs);
const config = loadConfig({
  NODE_ENV: 'test',
  PUBLIC_URL,
  CLOUDVIEW_PROVISIONER_TOKEN: TOKEN,
  CLOUDVIEW_PROVISION_SECONDS: '20',
  CLOUDVIEW_DELETE_SECONDS: '10',
  CLOUDVIEW_FAILURE_RATE: '0.5',
});
let fails = false;
let orchestrator: LocalOrchestrator;
beforeAll(async () => {
  orchestrator = await startLocalOrchestrator({ products: { portals: localPortals(config) }, now, random: () => (fails ? 0 : 0.99) });
});
afterAll(() => orchestrator.close());

const adapter = (o: { token?: string; timeoutMs?: number } = {}) =>
  httpPortalProvisioner({
    url: orchestrator.url,
    token: o.token ?? TOKEN,
    retryDelayMs: 1,
    recheckSeconds: 15,
    timeoutMs: o.timeoutMs ?? 2000,
  });
const spec = (id: number): PortalSpec => ({ portal_id: id, company_id: 9 });

describe('httpPortalProvisioner against the local orchestrator', () => {
  it('creates an instance, checks until it answers at its address, then removes it', async () => {
    const p = adapter();
    const started = await p.startCreate(spec(1), now());
    expect(started.check_at.getTime()).toBe(nowMs + 20_000);
    expect(orchestrator.requests.at(-1)).toEqual({ method: 'POST', path: '/portals', idempotencyKey: 'portal-1' });
    nowMs += 19_500;
    // The orchestrator rounds the wait up to whole seconds.
    expect(await p.checkCreate(started.operation, spec(1), now())).toEqual({ state: 'pending', check_at: new Date(nowMs + 1000) });
    nowMs += 500;
    expect(await p.checkCreate(started.operation, spec(1), now())).toEqual({
      state: 'done',
      result: { url: `${PUBLIC_URL}${LOCAL_PORTAL_PATH}/1` },
    });
    const removal = await p.startDelete(spec(1), now());
    expect(orchestrator.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/portals/1' });
    nowMs += 10_000;
    expect(await p.checkDelete(removal.operation, now())).toEqual({ state: 'done', result: null });
  });

  it('a repeated start with the same key answers the same operation, even after it ended', async () => {
    const p = adapter();
    const first = await p.startCreate(spec(2), now());
    nowMs += 25_000;
    const again = await p.startCreate(spec(2), now());
    expect(again).toEqual({ operation: first.operation, check_at: now() });
    expect(orchestrator.requests.filter((r) => r.idempotencyKey === 'portal-2')).toHaveLength(2);
  });

  it('refuses a request without the bearer token or with another collection’s', async () => {
    const bare = await fetch(`${orchestrator.url}/portals/3`, { method: 'DELETE' });
    expect(bare.status).toBe(401);
    const wrong = await fetch(`${orchestrator.url}/portals/3`, { method: 'DELETE', headers: { authorization: 'Bearer consoles-token' } });
    expect(await wrong.json()).toEqual({ message: 'The bearer token is not valid' });
    expect(await adapter({ token: '' }).startDelete(spec(3), now())).toEqual({ operation: '', check_at: new Date(nowMs + 15_000) });
  });

  it('a failed build and removal end with the orchestrator’s messages', async () => {
    const p = adapter();
    fails = true;
    const build = await p.startCreate(spec(4), now());
    const removal = await p.startDelete(spec(4), now());
    fails = false;
    nowMs += 20_000;
    expect(await p.checkCreate(build.operation, spec(4), now())).toEqual({ state: 'failed', message: LOCAL_PORTAL_BUILD_FAILURE });
    expect(await p.checkDelete(removal.operation, now())).toEqual({ state: 'failed', message: LOCAL_PORTAL_DELETE_FAILURE });
  });

  it('an orchestrator that does not answer in time is checked again later', async () => {
    const started = await adapter().startCreate(spec(5), now());
    orchestrator.latencyMs = 300;
    try {
      const slow = adapter({ timeoutMs: 80 });
      expect(await slow.checkCreate(started.operation, spec(5), now())).toEqual({ state: 'pending', check_at: new Date(nowMs + 15_000) });
      expect(await slow.startDelete(spec(5), now())).toEqual({ operation: '', check_at: new Date(nowMs + 15_000) });
    } finally {
      orchestrator.latencyMs = 0;
    }
  });
});

describe('CLOUDVIEW_PROVISIONER=http: the job builds and removes a portal through the orchestrator', () => {
  let t: TestContext;
  let own: LocalOrchestrator;
  let adminUserId: number;
  beforeAll(async () => {
    own = await startLocalOrchestrator({ products: { portals: localPortals(config) }, now, random: () => 0.99 });
    t = await createTestContext({
      PUBLIC_URL,
      CLOUDVIEW_PROVISIONER: 'http',
      CLOUDVIEW_PROVISIONER_URL: own.url,
      CLOUDVIEW_PROVISIONER_TOKEN: TOKEN,
    });
    adminUserId = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user.id;
  });
  afterAll(async () => {
    await t.close();
    await own.close();
  });
  const tick = async (seconds: number) => {
    t.clock.advance(seconds * 1000);
    nowMs = t.clock.now().getTime();
    return portalProvisionerJob(jobContext(t));
  };

  it('provisioning → ready at the orchestrator’s address (billed; its sign-in works) → removing → removed', async () => {
    nowMs = t.clock.now().getTime();
    const { client, company } = await signedInCompany(t, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const staff = await new TestClient(t.app).useSession(t.db, t.clock, adminUserId);
    ok(await staff.call(cloudviewEnable, { target_company_id: company.id }));
    await tick(0);
    await tick(19);
    expect((await q.portalsOf(t.db, company.id))[0]).toMatchObject({ state: 'provisioning', failure_message: '' });
    await tick(1);
    const [portal] = await q.portalsOf(t.db, company.id);
    expect(portal).toMatchObject({ state: 'ready', url: `${PUBLIC_URL}${LOCAL_PORTAL_PATH}/${portal?.id}` });
    expect((await servicesOf(t, company.id)).filter((s) => s.kind === 'cloudview')).toHaveLength(1);

    const creds = ok(await client.call(cloudviewGenerateLoginCredentials, { target_company_id: company.id })).data;
    const signIn = await t.app.inject({
      method: 'POST',
      url: new URL(creds.login_url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(creds.login_postdata).toString(),
    });
    expect(signIn.statusCode).toBe(200);

    ok(await client.call(cloudviewTerminate, { target_company_id: company.id }));
    await tick(0);
    expect(own.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/portals/${portal?.id}` });
    await tick(10);
    expect((await q.portalsOf(t.db, company.id))[0]).toMatchObject({ state: 'removed' });
  });
});
