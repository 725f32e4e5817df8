import {
  adminHostedList,
  devTenantHosts,
  HOSTED_MESSAGES,
  hostedCreate,
  hostedDelete,
  hostedDescribe,
  hostedDescribeAsyncTask,
  hostedListAsyncTasks,
  hostedListRegions,
  hostedSetFavourite,
  hostedSetName,
  INCLUDED_STORAGE_BYTES,
} from '@portal/contract/servers/hosted';
import { listRegions } from '@portal/contract/companies/distributor-settings';
import { regionName } from '@portal/contract/shared/plans';
import { userMyServersTable } from '@portal/contract/servers/server-tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { TestClient, type TestContext, createTestContext, newCompany, ok, signedInCompany } from '../../test/harness.ts';
import { companyEvents, dailyStatsOf, hostedRow, servicesOf, setCompany } from '../../test/rows.ts';
import { bucketSecretOf } from './hosted.ts';
import { hostedProvisionerJob } from './hosted-job.ts';
import { LOCAL_BUILD_FAILURE, LOCAL_DELETE_FAILURE, localProvisioner } from './provisioner.ts';

let t: TestContext;
let adminUserId: number;
beforeAll(async () => {
  // The configured provisioner: 45 s builds, 20 s removals, no failures (the defaults).
  t = await createTestContext();
  adminUserId = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user.id;
});
afterAll(() => t.close());

const SECOND = 1000;
const customer = (plan = 'Growth') => signedInCompany(t, { current_state: 'ACTIVE', plan_id: plan, company_name: 'Acme Backups Ltd' });
const admin = () => new TestClient(t.app).useSession(t.db, t.clock, adminUserId);
const form = {
  target_region: 'eu-west',
  target_email_from: 'backups@acme.example',
  target_email_send_as: 'Acme Backups',
  target_storage_type: 'cspbw',
} as const;
/** Runs the provisioner job as the scheduler would, after `seconds` have passed. */
const tick = async (seconds = 0, provisioner?: Parameters<typeof hostedProvisionerJob>[1]) => {
  t.clock.advance(seconds * SECOND);
  return hostedProvisionerJob(jobContext(t), provisioner);
};
const failing = localProvisioner({ buildSeconds: 10, deleteSeconds: 10, failureRate: 1, version: '25.3.0' });
const hostedServices = async (companyId: number) => (await servicesOf(t, companyId)).filter((s) => s.kind === 'hosted_server');

describe('hosted_comet/create and the provisioner', () => {
  it('builds a console as a task: provisioning, then after the configured delay ready, billed, with 5 TB for 30 days', async () => {
    const { client, company } = await customer();
    const made = ok(await client.call(hostedCreate, form)).data;
    const row = await hostedRow(t, made.hosted_server_id);
    expect(row).toMatchObject({ state: 'provisioning', region: 'eu-west', storage_type: 'cspbw', send_as_display_name: 'Acme Backups' });
    expect(row?.server_name).toMatch(/^acme-backups-ltd-[a-z2-9]{4}$/);
    expect(row?.user_dns).toBe(`${row?.server_name}.cometbackup.example`);
    const open = ok(await client.call(hostedListAsyncTasks, {})).data.tasks;
    expect(open).toMatchObject([{ id: made.async_task_id, action: 'CREATE', status: 'running', data: { completed_at: null } }]);
    expect(await hostedServices(company.id)).toHaveLength(0);

    await tick(); // starts the build
    await tick(44); // not yet: the build takes 45 s
    expect((await hostedRow(t, made.hosted_server_id))?.state).toBe('provisioning');
    const servers = ok(await client.call(userMyServersTable, {})).data;
    expect(servers.provisioning).toMatchObject([{ id: made.hosted_server_id, failed: false, region: regionName('eu-west') }]);
    expect(servers.hosted).toEqual([]);

    await tick(1);
    const ready = await hostedRow(t, made.hosted_server_id);
    expect(ready).toMatchObject({
      state: 'ready',
      version: '25.3.0',
      admin_username: 'admin',
      included_storage_bytes: INCLUDED_STORAGE_BYTES,
    });
    expect(ready?.included_storage_expires_at?.getTime()).toBe((ready?.ready_at?.getTime() ?? 0) + 30 * 86_400_000);
    const task = ok(await client.call(hostedDescribeAsyncTask, { target_async_task_id: made.async_task_id })).data;
    expect(task).toMatchObject({ status: 'success', data: { hosted_server_id: made.hosted_server_id } });
    expect(task.data.completed_at).toBe(ready?.ready_at?.toISOString());
    expect(ok(await client.call(hostedListAsyncTasks, {})).data.tasks).toEqual([]);
    const services = await hostedServices(company.id);
    expect(services).toHaveLength(1);
    expect(services[0]).toMatchObject({
      owner_kind: 'hosted_server',
      owner_id: String(made.hosted_server_id),
      hosted_server_id: made.hosted_server_id,
      stopped_at: null,
      // Billing takes the 5 TB off the company's storage charges for the console's first 30 days.
      included_storage_bytes: INCLUDED_STORAGE_BYTES,
    });
    const listed = ok(await client.call(userMyServersTable, {})).data;
    expect(listed.provisioning).toEqual([]);
    expect(listed.hosted).toMatchObject([
      { id: made.hosted_server_id, user_dns: ready?.user_dns, pending_delete: false, admin_username: 'admin' },
    ]);
    const details = ok(await client.call(hostedDescribe, { target_hosted_server_id: made.hosted_server_id })).data;
    expect(details).toMatchObject({ state: 'ready', region: { code: 'eu-west' }, admin_password: ready?.admin_password });
  });

  it('a console without storage comes with none, and its service takes nothing off storage charges', async () => {
    const { client, company } = await customer();
    const made = ok(await client.call(hostedCreate, { ...form, target_storage_type: 'none' })).data;
    await tick();
    await tick(45);
    expect(await hostedRow(t, made.hosted_server_id)).toMatchObject({
      state: 'ready',
      included_storage_bytes: 0,
      included_storage_expires_at: null,
    });
    expect(await hostedServices(company.id)).toMatchObject([{ included_storage_bytes: 0, stopped_at: null }]);
  });

  it('a failed build leaves a clear failed row, an errored task and no service; it does not count and is removed at once', async () => {
    const { client, company } = await customer();
    const made = ok(await client.call(hostedCreate, form)).data;
    await tick(0, failing);
    await tick(10, failing);
    expect(await hostedRow(t, made.hosted_server_id)).toMatchObject({ state: 'failed', failure_message: LOCAL_BUILD_FAILURE });
    const task = ok(await client.call(hostedDescribeAsyncTask, { target_async_task_id: made.async_task_id })).data;
    expect(task).toMatchObject({ status: 'error', data: { message: LOCAL_BUILD_FAILURE } });
    expect(task.data.completed_at).not.toBeNull();
    expect(await hostedServices(company.id)).toHaveLength(0);
    expect(ok(await client.call(userMyServersTable, {})).data.provisioning).toMatchObject([
      { failed: true, failure_message: LOCAL_BUILD_FAILURE },
    ]);
    // Growth allows one: the failed console does not hold it.
    const again = ok(await client.call(hostedCreate, form)).data;
    const name = (await hostedRow(t, made.hosted_server_id))?.server_name ?? '';
    ok(await client.call(hostedDelete, { target_hosted_server_id: made.hosted_server_id, target_confirm_name: name }));
    expect((await hostedRow(t, made.hosted_server_id))?.state).toBe('deleted');
    expect(ok(await client.call(userMyServersTable, {})).data.provisioning.map((p) => p.id)).toEqual([again.hosted_server_id]);
  });

  it("enforces the plan's hosted server limit (Growth 1, Advanced 3); a deleted console makes room", async () => {
    const growth = await customer('Growth');
    ok(await growth.client.call(hostedCreate, form));
    expect(await growth.client.call(hostedCreate, form)).toMatchObject({ status: 'error', code: 400, message: HOSTED_MESSAGES.limit(1) });
    const advanced = await customer('Advanced');
    for (let i = 0; i < 3; i++) ok(await advanced.client.call(hostedCreate, form));
    expect(await advanced.client.call(hostedCreate, form)).toMatchObject({ status: 'error', code: 400, message: HOSTED_MESSAGES.limit(3) });
  });

  it('applies the storage rules: cspbw only where the company may have storage; own buckets for staff, with their keys', async () => {
    const { client, company } = await customer('Advanced');
    expect(await client.call(hostedCreate, { ...form, target_storage_type: 'wasabi' })).toMatchObject({
      code: 400,
      data: { fields: { target_storage_type: HOSTED_MESSAGES.adminStorageOnly } },
    });
    await setCompany(t, company.id, { can_have_comet_storage: false });
    expect(await client.call(hostedCreate, form)).toMatchObject({
      code: 400,
      data: { fields: { target_storage_type: HOSTED_MESSAGES.storageNotAllowed } },
    });
    ok(await client.call(hostedCreate, { ...form, target_storage_type: 'none' }));

    const staff = await admin();
    expect(await staff.call(hostedCreate, form)).toMatchObject({
      code: 400,
      data: { fields: { target_company_id: HOSTED_MESSAGES.companyRequired } },
    });
    // Staff may give Comet Storage whatever the company's flag says.
    const forced = ok(await staff.call(hostedCreate, { ...form, target_company_id: company.id, target_name: 'Staff console' })).data;
    expect(await hostedRow(t, forced.hosted_server_id)).toMatchObject({
      server_name: 'Staff console',
      storage_type: 'cspbw',
      company_id: company.id,
    });
    expect(await staff.call(hostedCreate, { ...form, target_company_id: company.id, target_storage_type: 'backblaze' })).toMatchObject({
      code: 400,
      data: {
        fields: {
          target_storage_bucket: HOSTED_MESSAGES.bucket,
          target_storage_access_key: HOSTED_MESSAGES.accessKey,
          target_storage_secret_key: HOSTED_MESSAGES.secretKey,
        },
      },
    });
    expect(await staff.call(hostedCreate, { ...form, target_company_id: company.id, target_storage_bucket: 'stray' })).toMatchObject({
      code: 400,
      data: { fields: { target_storage_bucket: HOSTED_MESSAGES.ownBucketOnly } },
    });
    const own = ok(
      await staff.call(hostedCreate, {
        ...form,
        target_company_id: company.id,
        target_storage_type: 'wasabi',
        target_storage_bucket: 'acme-backups',
        target_storage_access_key: 'AKIA1',
        target_storage_secret_key: 's3cret',
      }),
    ).data;
    const kept = await hostedRow(t, own.hosted_server_id);
    expect(kept).toMatchObject({ storage_type: 'wasabi', storage_bucket: 'acme-backups', storage_access_key: 'AKIA1' });
    // Kept sealed (decision 0067); the provisioner is given it open.
    expect(kept?.storage_secret_key).toMatch(/^sealed:v1:/);
    expect(kept && bucketSecretOf(t.app.deps.config, kept)).toBe('s3cret');
    const described = ok(
      await staff.call(hostedDescribe, { target_company_id: company.id, target_hosted_server_id: own.hosted_server_id }),
    ).data;
    expect(JSON.stringify(described)).not.toContain('s3cret');
  });

  it("refuses a region that is not one of the 8, and a deleted company's console", async () => {
    const { client, company } = await customer();
    expect(await client.call(hostedCreate, { ...form, target_region: 'mars-1' as 'eu-west' })).toMatchObject({
      code: 400,
      data: { fields: { target_region: HOSTED_MESSAGES.region } },
    });
    const regions = ok(await client.call(hostedListRegions, {})).data;
    expect(regions.regions).toHaveLength(8);
    expect(regions.regions.map((r) => r.code)).toContain(regions.default_region);
    // One list of regions: each code has the same name here as in meta/list_regions.
    expect(regions.regions).toEqual(ok(await client.call(listRegions, {})).data);
    // A closed company's users are signed out; staff are refused too.
    await setCompany(t, company.id, { current_state: 'DELETED' });
    const staff = await admin();
    expect(await staff.call(hostedCreate, { ...form, target_company_id: company.id })).toMatchObject({
      status: 'error',
      code: 400,
      message: HOSTED_MESSAGES.companyDeleted,
    });
  });
});

describe('hosted row actions', () => {
  const readyConsole = async (plan = 'Advanced') => {
    const c = await customer(plan);
    const made = ok(await c.client.call(hostedCreate, form)).data;
    await tick();
    await tick(45);
    const row = await hostedRow(t, made.hosted_server_id);
    return { ...c, id: made.hosted_server_id, name: row?.server_name ?? '' };
  };

  it("renames and stars a console; another company's console and task are not found", async () => {
    const { client, id } = await readyConsole();
    ok(await client.call(hostedSetName, { target_hosted_server_id: id, target_name: '  Office  ' }));
    ok(await client.call(hostedSetFavourite, { target_hosted_server_id: id, target_state: true }));
    expect(await hostedRow(t, id)).toMatchObject({ server_name: 'Office', favourited: true });
    const other = await customer();
    const theirs = ok(await other.client.call(hostedCreate, form)).data;
    for (const res of [
      await client.call(hostedSetName, { target_hosted_server_id: theirs.hosted_server_id, target_name: 'Mine' }),
      await client.call(hostedSetFavourite, { target_hosted_server_id: theirs.hosted_server_id, target_state: true }),
      await client.call(hostedDescribe, { target_hosted_server_id: theirs.hosted_server_id }),
      await client.call(hostedDelete, { target_hosted_server_id: theirs.hosted_server_id, target_confirm_name: 'x' }),
    ])
      expect(res).toMatchObject({ status: 'error', code: 404, message: HOSTED_MESSAGES.notFound });
    expect(await client.call(hostedDescribeAsyncTask, { target_async_task_id: theirs.async_task_id })).toMatchObject({
      code: 404,
      message: HOSTED_MESSAGES.taskNotFound,
    });
  });

  it("deletes with the spec's form payload alone (target_hosted_server_id): the typed name is the screen's", async () => {
    const { client, id } = await readyConsole();
    const res = await client.post(hostedDelete.path, { target_hosted_server_id: String(id) }, { form: true });
    expect(res.json()).toMatchObject({ status: 'ok' });
    expect((await hostedRow(t, id))?.state).toBe('deleting');
  });

  it('deletes once the name is typed: deleting (billing stops), then gone when the provisioner has removed it', async () => {
    const { client, company, id, name } = await readyConsole();
    expect(await client.call(hostedDelete, { target_hosted_server_id: id, target_confirm_name: 'nope' })).toMatchObject({
      code: 400,
      data: { fields: { target_confirm_name: HOSTED_MESSAGES.confirmName } },
    });
    ok(await client.call(hostedDelete, { target_hosted_server_id: id, target_confirm_name: name }));
    expect((await hostedRow(t, id))?.state).toBe('deleting');
    expect((await hostedServices(company.id))[0]?.stopped_at).not.toBeNull();
    expect(ok(await client.call(userMyServersTable, {})).data.hosted).toMatchObject([{ id, pending_delete: true }]);
    expect(await client.call(hostedDelete, { target_hosted_server_id: id, target_confirm_name: name })).toMatchObject({
      code: 400,
      message: HOSTED_MESSAGES.deleting,
    });
    expect((await dailyStatsOf(t, company.id))[0]?.hosted_comet_v2_count).toBe(1);
    await tick();
    await tick(20);
    expect((await hostedRow(t, id))?.state).toBe('deleted');
    expect((await dailyStatsOf(t, company.id))[0]?.hosted_comet_v2_count).toBe(0);
    expect(ok(await client.call(userMyServersTable, {})).data.hosted).toEqual([]);
    expect((await companyEvents(t, company.id)).map((e) => e.event)).toContain(`Hosted server ${name} removed`);
  });

  it('a failed delete shows as delete failed and can be retried', async () => {
    const { client, company, id, name } = await readyConsole();
    ok(await client.call(hostedDelete, { target_hosted_server_id: id, target_confirm_name: name }));
    await tick(0, failing);
    await tick(10, failing);
    expect(await hostedRow(t, id)).toMatchObject({ state: 'delete_failed', failure_message: LOCAL_DELETE_FAILURE });
    expect(ok(await client.call(userMyServersTable, {})).data.hosted).toMatchObject([
      { id, pending_delete: false, pending_delete_failed: true },
    ]);
    ok(await client.call(hostedDelete, { target_hosted_server_id: id, target_confirm_name: name }));
    await tick();
    await tick(20);
    expect((await hostedRow(t, id))?.state).toBe('deleted');
    // One service, stopped once.
    expect((await hostedServices(company.id)).map((s) => s.stopped_at !== null)).toEqual([true]);
  });

  it('a console still being built cannot be deleted yet', async () => {
    const { client } = await customer();
    const made = ok(await client.call(hostedCreate, form)).data;
    const name = (await hostedRow(t, made.hosted_server_id))?.server_name ?? '';
    expect(await client.call(hostedDelete, { target_hosted_server_id: made.hosted_server_id, target_confirm_name: name })).toMatchObject({
      code: 400,
      message: HOSTED_MESSAGES.stillProvisioning,
    });
  });

  it('staff list every console (/manage_comet_hosted) and the running ones as tenant hosts', async () => {
    const { id, company } = await readyConsole();
    const staff = await admin();
    const row = await hostedRow(t, id);
    const list = ok(await staff.call(adminHostedList, { target_search_query: row?.server_name ?? '' })).data;
    expect(list.rows).toMatchObject([{ id, company_name: company.company_name, state: 'ready' }]);
    expect(JSON.stringify(list.rows)).not.toContain(row?.admin_password ?? '-');
    const hosts = ok(await staff.call(devTenantHosts, { page_size: 1000 })).data;
    expect(hosts.rows.find((h) => h.id === id)).toMatchObject({ public_dns: row?.user_dns, admin_user: 'admin', licence: row?.licence });
    expect(row?.licence).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){4}$/);
  });
});
