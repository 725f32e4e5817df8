import { HOSTED_MESSAGES, hostedCreate, hostedDelete } from '@portal/contract/servers/hosted';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallContext, runInContext, systemSource } from '../../platform/context.ts';
import { ON_POSTGRES, type TestContext, createTestContext, newCompany, parallelClients } from '../../test/harness.ts';
import { hostedRow, hostedRowsOf, servicesOf } from '../../test/rows.ts';
import { hostedProvisionerJob } from './hosted-job.ts';

const N = 6;
const QUIET = { info() {}, warn() {}, error() {} };
const form = {
  target_region: 'us-east',
  target_email_from: 'a@example.com',
  target_email_send_as: 'A',
  target_storage_type: 'none',
} as const;

/** Hosted consoles' read-then-write paths, sent at once on PostgreSQL's parallel connections. */
describe.skipIf(!ON_POSTGRES)('hosted consoles under parallel calls (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ HOSTED_PROVISION_SECONDS: '0', HOSTED_DELETE_SECONDS: '0' });
  });
  afterAll(() => t.close());
  /** One run of the provisioner job in its own transaction, as the scheduler runs it on every node. */
  const runJob = () =>
    runInContext(
      t.app.deps,
      systemSource(QUIET, () => {}),
      (ctx) => hostedProvisionerJob(ctx as CallContext),
    );

  it('creates one console when creates at the plan limit arrive at once', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const clients = await parallelClients(t, N, user.id);
    const answers = await Promise.all(clients.map((c) => c.call(hostedCreate, form)));
    expect(answers.filter((a) => a.status === 'ok')).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status === 'error')) expect(refused.message).toBe(HOSTED_MESSAGES.limit(1));
    expect(await hostedRowsOf(t, company.id)).toHaveLength(1);
  });

  it('a delete racing the provisioner finishing the build leaves one consistent outcome, billed at most while ready', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const [client] = await parallelClients(t, 1, user.id);
    if (!client) throw new Error('no client');
    const made = await client.call(hostedCreate, form);
    if (made.status !== 'ok') throw new Error(made.message);
    const id = made.data.hosted_server_id;
    await runJob(); // started; due at once
    const name = (await hostedRow(t, id))?.server_name ?? '';
    const [deleted] = await Promise.all([
      client.call(hostedDelete, { target_hosted_server_id: id, target_confirm_name: name }),
      runJob(),
      runJob(),
    ]);
    const row = await hostedRow(t, id);
    const services = (await servicesOf(t, company.id)).filter((s) => s.kind === 'hosted_server');
    if (deleted.status === 'ok') {
      // The jobs finished the build first; the delete waited for them, turned the console to deleting and stopped its service.
      expect(row?.state).toBe('deleting');
      expect(services).toHaveLength(1);
      expect(services[0]?.stopped_at).not.toBeNull();
      return;
    }
    expect(deleted.message).toBe(HOSTED_MESSAGES.stillProvisioning);
    if (row?.state === 'provisioning') {
      // The delete held the row while both jobs passed it by (SKIP LOCKED): nothing was built or billed, and the next run builds it once.
      expect(services).toHaveLength(0);
      await runJob();
    }
    const after = (await servicesOf(t, company.id)).filter((s) => s.kind === 'hosted_server');
    expect((await hostedRow(t, id))?.state).toBe('ready');
    expect(after).toHaveLength(1); // built once, whoever ran it
    expect(after[0]?.stopped_at).toBeNull();
  });

  it('a delete racing the provisioner removing it does not start a second removal', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const [client] = await parallelClients(t, 1, user.id);
    if (!client) throw new Error('no client');
    const made = await client.call(hostedCreate, form);
    if (made.status !== 'ok') throw new Error(made.message);
    const id = made.data.hosted_server_id;
    await runJob();
    await runJob();
    const name = (await hostedRow(t, id))?.server_name ?? '';
    const first = await client.call(hostedDelete, { target_hosted_server_id: id, target_confirm_name: name });
    expect(first.status).toBe('ok');
    await runJob(); // removal started, due at once
    const [again] = await Promise.all([
      client.call(hostedDelete, { target_hosted_server_id: id, target_confirm_name: name }),
      runJob(),
      runJob(),
    ]);
    const row = await hostedRow(t, id);
    expect(row?.state).toBe('deleted');
    // Either the delete saw it still deleting (refused) or already gone (not found); never a new removal.
    expect(again).toMatchObject({ status: 'error' });
    expect([HOSTED_MESSAGES.deleting, HOSTED_MESSAGES.notFound]).toContain(again.status === 'error' ? again.message : '');
    expect((await servicesOf(t, company.id)).filter((s) => s.kind === 'hosted_server' && s.stopped_at === null)).toHaveLength(0);
  });
});
