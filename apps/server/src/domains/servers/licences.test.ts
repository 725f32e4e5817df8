import {
  archiveLicense,
  createLicense,
  deleteLicense,
  getSerialLogs,
  LICENCE_MESSAGES,
  relaxLicense,
  SERIAL_PATTERN,
  setLicenseFavourite,
  setLicenseLockState,
  setLicenseName,
  unarchiveLicense,
} from '@portal/contract/servers/licences';
import { adminServerLicenseTable, adminSetLicensePayload, userMyServersTable } from '@portal/contract/servers/server-tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLicence } from '../../test/factories.ts';
import { TestClient, type TestContext, createTestContext, newCompany, ok, signedInCompany } from '../../test/harness.ts';
import { companyEvents, licenceRow, servicesOf, setCompany, setLicence } from '../../test/rows.ts';
import { randomSerial, serialSource } from './serial.ts';

// Serials drawn from a queue first, so a test can make them collide.
const serials = { queue: [] as string[] };

let t: TestContext;
let adminUserId: number;
beforeAll(async () => {
  serialSource.next = () => serials.queue.shift() ?? randomSerial();
  t = await createTestContext();
  adminUserId = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user.id;
});
afterAll(async () => {
  serialSource.next = randomSerial;
  await t.close();
});

const customer = (plan = 'Growth') => signedInCompany(t, { current_state: 'ACTIVE', plan_id: plan });
const admin = () => new TestClient(t.app).useSession(t.db, t.clock, adminUserId);

describe('create_license', () => {
  it('makes a serial of the spec’s shape with an optional name, and starts its billing service', async () => {
    const { client, company } = await customer();
    const made = ok(await client.call(createLicense, { target_name: '  Office  ' })).data;
    expect(made.serial_number).toMatch(SERIAL_PATTERN);
    const unnamed = ok(await client.call(createLicense, {})).data;
    expect((await licenceRow(t, made.serial_number))?.name).toBe('Office');
    expect((await licenceRow(t, unnamed.serial_number))?.name).toBe('');
    const services = (await servicesOf(t, company.id)).filter((s) => s.kind === 'serial');
    expect(services).toHaveLength(2);
    expect(services.every((s) => s.stopped_at === null && s.owner_kind === 'server_licence' && s.serial_count === 1)).toBe(true);
    expect((await companyEvents(t, company.id)).map((e) => e.event)).toContain(`Licence ${made.serial_number} created`);
  });

  it('enforces the plan’s serial limit (Starter allows 1); archiving one makes room', async () => {
    const { client, company } = await customer('Starter');
    const first = ok(await client.call(createLicense, {})).data;
    const refused = await client.call(createLicense, {});
    expect(refused).toMatchObject({ status: 'error', code: 400, message: LICENCE_MESSAGES.limit(1) });
    expect((await servicesOf(t, company.id)).filter((s) => s.kind === 'serial')).toHaveLength(1);
    ok(await client.call(archiveLicense, { serial: first.serial_number }));
    ok(await client.call(createLicense, {}));
  });

  it('draws again when a serial is taken, and gives up with a message after five collisions', async () => {
    const { client } = await customer();
    const taken = ok(await client.call(createLicense, {})).data.serial_number;
    serials.queue.push(taken, taken, 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZ2');
    expect(ok(await client.call(createLicense, {})).data.serial_number).toBe('ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZ2');
    serials.queue.push(taken, taken, taken, taken, taken);
    expect(await client.call(createLicense, {})).toMatchObject({ status: 'error', code: 500, message: LICENCE_MESSAGES.generation });
  });

  it('is refused for a name over 100 characters', async () => {
    const { client } = await customer();
    const long = await client.call(createLicense, { target_name: 'x'.repeat(101) });
    expect(long).toMatchObject({ status: 'error', code: 400, data: { fields: { target_name: LICENCE_MESSAGES.nameTooLong } } });
  });
});

describe('licence row actions', () => {
  it('renames, stars, locks, unlocks and relaxes; another company’s serial is not found', async () => {
    const { client } = await customer();
    const other = await customer();
    const serial = ok(await client.call(createLicense, {})).data.serial_number;
    ok(await client.call(setLicenseName, { target_serial: serial, target_name: 'Backup box' }));
    ok(await client.call(setLicenseFavourite, { target_serial: serial, target_state: true }));
    expect(await licenceRow(t, serial)).toMatchObject({ name: 'Backup box', favourited: true, allowed_ip_address: '*' });
    ok(await client.call(setLicenseLockState, { target_serial: serial, target_lock_state: true }));
    expect((await licenceRow(t, serial))?.allowed_ip_address).toBe('ANY');
    await setLicence(t, serial, { allowed_ip_address: '203.0.113.9', allowed_machine_id: 'm-1' });
    ok(await client.call(relaxLicense, { serial }));
    expect(await licenceRow(t, serial)).toMatchObject({ allowed_ip_address: 'ANY', allowed_machine_id: '' });
    ok(await client.call(setLicenseLockState, { target_serial: serial, target_lock_state: false }));
    expect((await licenceRow(t, serial))?.allowed_ip_address).toBe('*');

    for (const res of [
      await other.client.call(setLicenseName, { target_serial: serial, target_name: 'Mine now' }),
      await other.client.call(relaxLicense, { serial }),
      await other.client.call(setLicenseLockState, { target_serial: serial, target_lock_state: true }),
      await other.client.call(archiveLicense, { serial }),
      await other.client.call(deleteLicense, { target_serial: serial, target_confirm_name: 'Backup box' }),
    ]) {
      expect(res).toMatchObject({ status: 'error', code: 404, message: LICENCE_MESSAGES.notFound });
    }
    expect(await licenceRow(t, serial)).toMatchObject({ name: 'Backup box', allowed_ip_address: '*', archived_at: null, deleted_at: null });
  });

  it('archives: the licence is disabled, its service stops and it leaves /my_servers', async () => {
    const { client, company } = await customer();
    const serial = ok(await client.call(createLicense, {})).data.serial_number;
    ok(await client.call(archiveLicense, { serial }));
    const row = await licenceRow(t, serial);
    expect(row?.archived_at).not.toBeNull();
    expect(row?.enabled).toBe(false);
    expect((await servicesOf(t, company.id)).find((s) => s.kind === 'serial')?.stopped_at).not.toBeNull();
    expect(ok(await client.call(userMyServersTable, {})).data.self_hosted).toEqual([]);
    expect(await client.call(relaxLicense, { serial })).toMatchObject({ status: 'error', message: LICENCE_MESSAGES.archived });
  });

  it('archives from the company dialog (admin with target_company_id), refused when the company is deleted', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const a = await newLicence(t.db, t.clock.now(), company.id);
    const b = await newLicence(t.db, t.clock.now(), company.id);
    const staff = await admin();
    const elsewhere = (await newCompany(t.db, { current_state: 'ACTIVE' })).company.id;
    expect(await staff.call(archiveLicense, { serial: a.serial_number, target_company_id: elsewhere })).toMatchObject({ code: 404 });
    ok(await staff.call(archiveLicense, { serial: a.serial_number, target_company_id: company.id }));
    expect((await licenceRow(t, a.serial_number))?.archived_at).not.toBeNull();
    await setCompany(t, company.id, { current_state: 'DELETED' });
    const refused = await staff.call(archiveLicense, { serial: b.serial_number, target_company_id: company.id });
    expect(refused).toMatchObject({ status: 'error', code: 400, message: LICENCE_MESSAGES.companyDeleted });
    expect((await licenceRow(t, b.serial_number))?.archived_at).toBeNull();
  });

  it('deletes only when its name (or its serial, unnamed) is typed; the service stops', async () => {
    const { client, company } = await customer();
    const named = ok(await client.call(createLicense, { target_name: 'Rack 2' })).data.serial_number;
    const unnamed = ok(await client.call(createLicense, {})).data.serial_number;
    const wrong = await client.call(deleteLicense, { target_serial: named, target_confirm_name: 'rack 2' });
    expect(wrong).toMatchObject({ status: 'error', code: 400, data: { fields: { target_confirm_name: LICENCE_MESSAGES.confirmName } } });
    expect((await licenceRow(t, named))?.deleted_at).toBeNull();
    ok(await client.call(deleteLicense, { target_serial: named, target_confirm_name: 'Rack 2' }));
    ok(await client.call(deleteLicense, { target_serial: unnamed, target_confirm_name: unnamed }));
    expect((await servicesOf(t, company.id)).filter((s) => s.kind === 'serial' && s.stopped_at === null)).toEqual([]);
    expect(await client.call(setLicenseName, { target_serial: named, target_name: 'x' })).toMatchObject({ code: 404 });
  });
});

describe('UserMyServersTable.json', () => {
  it('lists the company’s licences favourites first, then newest, with status and outdated markers; hosted is empty', async () => {
    const { client } = await customer();
    const old = ok(await client.call(createLicense, { target_name: 'Old' })).data.serial_number;
    t.clock.advance(1000);
    const fresh = ok(await client.call(createLicense, { target_name: 'Fresh' })).data.serial_number;
    t.clock.advance(1000);
    const star = ok(await client.call(createLicense, { target_name: 'Star' })).data.serial_number;
    ok(await client.call(setLicenseFavourite, { target_serial: old, target_state: true }));
    await setLicence(t, fresh, { server_version: '24.1.0', num_clients_online: 7 });
    await setLicence(t, star, { server_version: 'Unknown' });
    const table = ok(await client.call(userMyServersTable, {})).data;
    expect(table.hosted).toEqual([]);
    expect(table.latest_version).toBe('25.3.0');
    expect(table.self_hosted.map((r) => [r.name, r.status, r.outdated, r.favourited])).toEqual([
      ['Old', 'Offline', null, true],
      ['Star', 'Offline', null, false],
      ['Fresh', 'Active', 'major', false],
    ]);
    expect(table.self_hosted[2]?.num_clients_online).toBe(7);
    const searched = ok(await client.call(userMyServersTable, { target_search_query: 'fre' })).data;
    expect(searched.self_hosted.map((r) => r.serial_number)).toEqual([fresh]);
    expect(searched.total).toBe(1);
  });
});

describe('admin: licence table, payload override and serial logs', () => {
  it('filters by plan override and valid lease, and shows the payload difference', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth', company_name: 'Payload Co' });
    const plain = await newLicence(t.db, t.clock.now(), company.id, { name: 'plain' });
    const custom = await newLicence(t.db, t.clock.now(), company.id, { name: 'custom' });
    await setLicence(t, plain.serial_number, { last_issue_end: new Date(t.clock.now().getTime() + 86_400_000) });
    const staff = await admin();
    const bad = await staff.call(adminSetLicensePayload, { target_serial: custom.serial_number, target_payload: '2|24|{}' });
    expect(bad).toMatchObject({ status: 'error', code: 400 });
    ok(await staff.call(adminSetLicensePayload, { target_serial: custom.serial_number, target_payload: '6|24.0.0|{"max_devices":50}' }));
    const all = ok(await staff.call(adminServerLicenseTable, { target_search_query: '' })).data.rows.filter(
      (r) => r.company_id === company.id,
    );
    expect(all.map((r) => r.name).sort()).toEqual(['custom', 'plain']);
    const overridden = ok(
      await staff.call(adminServerLicenseTable, { filters: { has_plan_override: true, has_valid_lease: null } }),
    ).data.rows.filter((r) => r.company_id === company.id);
    expect(overridden.map((r) => [r.name, r.payload_override, r.company_name])).toEqual([
      ['custom', '6|24.0.0|{"max_devices":50}', 'Payload Co'],
    ]);
    expect(overridden[0]?.plan_payload).toBe('1|23.3.0|{}');
    expect(overridden[0]?.payload_diff).toBe('+OFFLINE, +BRANDING; -ALL_FEATURES; minimum 24.0.0; max_devices 50');
    const leased = ok(await staff.call(adminServerLicenseTable, { filters: { has_plan_override: null, has_valid_lease: true } })).data.rows;
    expect(leased.filter((r) => r.company_id === company.id).map((r) => r.name)).toEqual(['plain']);
    // The company dialog's list: that company's licences only.
    const own = ok(await staff.call(adminServerLicenseTable, { target_company_id: company.id, page_size: 1000 })).data;
    expect([own.total, own.rows.map((r) => r.company_id).every((id) => id === company.id)]).toEqual([2, true]);
    const customerClient = (await customer()).client;
    expect(await customerClient.call(adminServerLicenseTable, {})).toMatchObject({ code: 403 });
  });

  it('gives the serial logs to the licence’s company, and to an admin signed in as its user; to nobody else', async () => {
    const { user, client } = await customer();
    const serial = ok(await client.call(createLicense, {})).data.serial_number;
    expect(ok(await client.call(getSerialLogs, { serial })).data).toEqual({ serial_number: serial, logs: [] });
    const asUser = await new TestClient(t.app).useSession(t.db, t.clock, user.id, adminUserId);
    expect(ok(await asUser.call(getSerialLogs, { serial })).data).toEqual({ serial_number: serial, logs: [] });
    const other = await newCompany(t.db, { current_state: 'ACTIVE' });
    const asOther = await new TestClient(t.app).useSession(t.db, t.clock, other.user.id, adminUserId);
    expect(await asOther.call(getSerialLogs, { serial })).toMatchObject({ code: 404 });
    expect(await (await customer()).client.call(getSerialLogs, { serial })).toMatchObject({ code: 404 });
  });
});

describe('archived licences', () => {
  it('are listed on their own with target_archived, and a restore brings one back, billed again', async () => {
    const { client, company } = await customer();
    const kept = ok(await client.call(createLicense, { target_name: 'Kept' })).data.serial_number;
    const shelved = ok(await client.call(createLicense, { target_name: 'Shelved' })).data.serial_number;
    ok(await client.call(archiveLicense, { serial: shelved }));
    const names = async (archived: boolean) =>
      ok(await client.call(userMyServersTable, { target_archived: archived })).data.self_hosted.map((r) => [
        r.name,
        r.archived_at !== null,
      ]);
    expect(await names(false)).toEqual([['Kept', false]]);
    expect(await names(true)).toEqual([['Shelved', true]]);
    ok(await client.call(unarchiveLicense, { serial: shelved }));
    expect(await names(true)).toEqual([]);
    expect((await names(false)).map(([n]) => n).sort()).toEqual(['Kept', 'Shelved']);
    expect((await licenceRow(t, shelved))?.enabled).toBe(true);
    const services = (await servicesOf(t, company.id)).filter((x) => x.kind === 'serial');
    expect(services.filter((x) => x.stopped_at === null)).toHaveLength(2);
    expect((await companyEvents(t, company.id)).map((e) => e.event)).toContain(`Licence ${shelved} restored from the archive`);
    expect(await client.call(unarchiveLicense, { serial: kept })).toMatchObject({ code: 400, message: LICENCE_MESSAGES.notArchived });
  });

  it('restore within the plan’s limit only, and never another company’s', async () => {
    const { client } = await customer('Starter');
    const first = ok(await client.call(createLicense, {})).data.serial_number;
    ok(await client.call(archiveLicense, { serial: first }));
    ok(await client.call(createLicense, {}));
    expect(await client.call(unarchiveLicense, { serial: first })).toMatchObject({ code: 400, message: LICENCE_MESSAGES.limit(1) });
    expect(await (await customer()).client.call(unarchiveLicense, { serial: first })).toMatchObject({ code: 404 });
  });
});
