import {
  CLOUDVIEW_MESSAGES,
  cloudviewEnable,
  cloudviewGenerateLoginCredentials,
  cloudviewTerminate,
} from '@portal/contract/customer-portal/cloudview';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallContext, runInContext, systemSource } from '../../platform/context.ts';
import { ON_POSTGRES, type TestContext, createTestContext, newCompany, parallelClients } from '../../test/harness.ts';
import { servicesOf } from '../../test/rows.ts';
import { portalProvisionerJob } from './job.ts';
import * as q from './queries.ts';

const N = 6;
const QUIET = { info() {}, warn() {}, error() {} };

/** The customer portal's state changes, sent at once on PostgreSQL's parallel connections. */
describe.skipIf(!ON_POSTGRES)('customer portals under parallel calls (PostgreSQL)', () => {
  let t: TestContext;
  let adminUserId: number;
  beforeAll(async () => {
    t = await createTestContext({ CLOUDVIEW_PROVISION_SECONDS: '0', CLOUDVIEW_DELETE_SECONDS: '0' });
    adminUserId = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user.id;
  });
  afterAll(() => t.close());
  /** One run of the provisioner job in its own transaction, as the scheduler runs it on every node. */
  const runJob = () =>
    runInContext(
      t.app.deps,
      systemSource(QUIET, () => {}),
      (ctx) => portalProvisionerJob(ctx as CallContext),
    );
  const post = (url: string, data: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(data).toString(),
    });

  it('enables sent at once make one portal', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const admins = await parallelClients(t, N, adminUserId);
    const answers = await Promise.all(admins.map((c) => c.call(cloudviewEnable, { target_company_id: company.id })));
    expect(answers.filter((a) => a.status === 'ok')).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status === 'error')) expect(refused.message).toBe(CLOUDVIEW_MESSAGES.alreadyEnabled);
    expect(await q.portalsOf(t.db, company.id)).toHaveLength(1);
  });

  it('jobs on several nodes build a portal once: one service', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const [staff] = await parallelClients(t, 1, adminUserId);
    await staff?.call(cloudviewEnable, { target_company_id: company.id });
    await Promise.all([runJob(), runJob(), runJob()]); // starts the build (due at once)
    await Promise.all([runJob(), runJob(), runJob()]); // finishes it
    expect((await q.portalsOf(t.db, company.id)).map((p) => p.state)).toEqual(['ready']);
    expect((await servicesOf(t, company.id)).filter((s) => s.kind === 'cloudview')).toHaveLength(1);
  });

  it('a terminate racing the build finishing leaves one outcome: removing, and no running service', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const [staff] = await parallelClients(t, 1, adminUserId);
    const [client] = await parallelClients(t, 1, user.id);
    if (!staff || !client) throw new Error('no client');
    await staff.call(cloudviewEnable, { target_company_id: company.id });
    await runJob(); // started; due at once
    const [terminated] = await Promise.all([client.call(cloudviewTerminate, { target_company_id: company.id }), runJob(), runJob()]);
    expect(terminated.status).toBe('ok');
    const [portal] = await q.portalsOf(t.db, company.id);
    expect(['removing', 'removed']).toContain(portal?.state);
    const services = (await servicesOf(t, company.id)).filter((s) => s.kind === 'cloudview');
    // Either the build finished first (billed, then stopped by the terminate) or the terminate came first (never billed).
    expect(services.filter((s) => s.stopped_at === null)).toHaveLength(0);
    expect(services.length).toBeLessThanOrEqual(1);
  });

  it('terminates sent at once: one succeeds, billing stops once', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const [staff] = await parallelClients(t, 1, adminUserId);
    await staff?.call(cloudviewEnable, { target_company_id: company.id });
    await runJob();
    await runJob();
    const clients = await parallelClients(t, N, user.id);
    const answers = await Promise.all(clients.map((c) => c.call(cloudviewTerminate, { target_company_id: company.id })));
    expect(answers.filter((a) => a.status === 'ok')).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status === 'error')) expect(refused.message).toBe(CLOUDVIEW_MESSAGES.notEnabled);
    expect((await q.portalsOf(t.db, company.id)).map((p) => p.state)).toEqual(['removing']);
  });

  it('one sign-in token posted at once signs in once', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const [staff] = await parallelClients(t, 1, adminUserId);
    const [client] = await parallelClients(t, 1, user.id);
    if (!staff || !client) throw new Error('no client');
    await staff.call(cloudviewEnable, { target_company_id: company.id });
    await runJob();
    await runJob();
    const creds = await client.call(cloudviewGenerateLoginCredentials, { target_company_id: company.id });
    if (creds.status !== 'ok') throw new Error(creds.message);
    const answers = await Promise.all(Array.from({ length: N }, () => post(creds.data.login_url, creds.data.login_postdata)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(N - 1).fill(401)]);
  });
});
