import { createPublicKey, verify } from 'node:crypto';
import { createLicense, getSerialLogs, relaxLicense, setLicenseLockState } from '@portal/contract/servers/licences';
import { VERSION_ERROR } from '@portal/contract/servers/payload';
import { currentMonth } from '@portal/contract/reports/current-month';
import {
  CHECK_IN_LIMIT,
  licenseCheckIn,
  MAX_DEVICES_PER_CHECK_IN,
  signedText,
  userMyServersTable,
} from '@portal/contract/servers/server-tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLicence } from '../../test/factories.ts';
import { TestClient, type TestContext, createTestContext, newCompany, ok, signedInCompany } from '../../test/harness.ts';
import { billingDevicesOf, dailyStatsOf, licenceLogCount, licenceRow, setCompany, setLicence } from '../../test/rows.ts';
import * as billing from '../billing/service.ts';
import { CHECK_IN_REFUSALS, LEASE_GRACE_DAYS } from './check-in.ts';
import { LOGS_KEPT } from './queries.ts';

const DAY_MS = 86_400_000;

let t: TestContext;
let adminUserId: number;
beforeAll(async () => {
  // The check-ins come through a local proxy, so each test chooses the address a server calls from.
  t = await createTestContext({ TRUST_PROXY: 'loopback' });
  adminUserId = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user.id;
});
afterAll(() => t.close());

interface Reply {
  status: string;
  code: number;
  message?: string;
  data?: { serial_number: string; payload: string; issued_at: string; lease_expires_at: string; signature: string; public_key: string };
}

async function checkIn(
  ip: string,
  input: {
    serial_number: string;
    machine_id?: string;
    version?: string;
    device_count?: number;
    boosters?: object;
    devices?: { id: string; username?: string; os?: string }[];
    removed_devices?: string[];
  },
) {
  const res = await t.app.inject({
    method: 'POST',
    url: licenseCheckIn.path,
    headers: { 'x-forwarded-for': ip },
    payload: { machine_id: 'machine-a', version: '25.3.0', device_count: 0, ...input },
  });
  await t.app.deps.background.idle();
  const body = res.json() as Reply;
  expect(body.code).toBe(res.statusCode);
  return body;
}

async function licence(o: { plan?: string; state?: 'ACTIVE' | 'SUSPENDED' } = {}) {
  const made = await signedInCompany(t, { current_state: o.state ?? 'ACTIVE', plan_id: o.plan ?? 'Growth' });
  const serial = ok(await made.client.call(createLicense, { target_name: 'Rack' })).data.serial_number;
  return { ...made, serial };
}

describe('the licence endpoint', () => {
  it('answers a licence signed with Ed25519: the plan’s payload and a lease of the grace period', async () => {
    const { serial, client } = await licence();
    const reply = await checkIn('198.51.100.7', { serial_number: serial, device_count: 4, version: '24.9.1' });
    expect(reply.status).toBe('ok');
    const data = reply.data;
    if (!data) throw new Error('no licence');
    expect(data.payload).toBe('1|23.3.0|{}');
    expect(new Date(data.lease_expires_at).getTime() - new Date(data.issued_at).getTime()).toBe(LEASE_GRACE_DAYS * 86_400_000);
    const key = createPublicKey({ key: Buffer.from(data.public_key, 'base64'), format: 'der', type: 'spki' });
    expect(key.asymmetricKeyType).toBe('ed25519');
    expect(verify(null, Buffer.from(signedText(data)), key, Buffer.from(data.signature, 'base64'))).toBe(true);
    expect(verify(null, Buffer.from(signedText({ ...data, payload: '1|1.0.0|{}' })), key, Buffer.from(data.signature, 'base64'))).toBe(
      false,
    );
    const row = ok(await client.call(userMyServersTable, {})).data.self_hosted[0];
    expect(row).toMatchObject({
      serial_number: serial,
      status: 'Active',
      server_version: '24.9.1',
      outdated: 'major',
      num_clients_online: 4,
    });
    expect((await licenceRow(t, serial))?.last_issue_end?.toISOString()).toBe(data.lease_expires_at);
  });

  it('signs with the configured key when one is given', async () => {
    const seed = Buffer.alloc(32, 7).toString('base64');
    const other = await createTestContext({ TRUST_PROXY: 'loopback', LICENCE_SIGNING_KEY: seed });
    try {
      const { company } = await newCompany(other.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
      const made = await newLicence(other.db, other.clock.now(), company.id);
      const res = await other.app.inject({
        method: 'POST',
        url: licenseCheckIn.path,
        payload: { serial_number: made.serial_number, machine_id: 'm', version: '25.3.0', device_count: 1 },
      });
      const mine = await checkIn('198.51.100.8', { serial_number: (await licence()).serial });
      const theirs = (res.json() as Reply).data;
      expect(theirs?.public_key).toBeTruthy();
      expect(theirs?.public_key).not.toBe(mine.data?.public_key);
    } finally {
      await other.close();
    }
  });

  it('refuses versions of fewer than three parts as a field error, and logs the attempt', async () => {
    const { serial } = await licence();
    const reply = await checkIn('198.51.100.9', { serial_number: serial, version: '24.9' });
    expect(reply).toMatchObject({ status: 'error', code: 400, data: { fields: { version: VERSION_ERROR } } });
    const row = await licenceRow(t, serial);
    expect(row?.server_version).toBe('');
    expect(await licenceLogCount(t, row?.id ?? 0)).toBe(1);
  });

  it('refuses an unknown serial without writing anything', async () => {
    const reply = await checkIn('198.51.100.10', { serial_number: 'NOSUC-HSERI-ALNUM-BERHE-RE222' });
    expect(reply).toMatchObject({ status: 'error', code: 404 });
  });

  it('locks to the first address and machine on ANY; another address or machine is refused and the lock stays; relax lets the new one in', async () => {
    const { serial, client } = await licence();
    ok(await client.call(setLicenseLockState, { target_serial: serial, target_lock_state: true }));
    expect((await checkIn('203.0.113.1', { serial_number: serial, machine_id: 'box-1' })).status).toBe('ok');
    expect(await licenceRow(t, serial)).toMatchObject({ allowed_ip_address: '203.0.113.1', allowed_machine_id: 'box-1' });
    const again = await checkIn('203.0.113.1', { serial_number: serial, machine_id: 'box-1' });
    expect(again.status).toBe('ok');
    const moved = await checkIn('203.0.113.2', { serial_number: serial, machine_id: 'box-2' });
    expect(moved).toMatchObject({ status: 'error', code: 403, message: CHECK_IN_REFUSALS.locked });
    const otherMachine = await checkIn('203.0.113.1', { serial_number: serial, machine_id: 'box-2' });
    expect(otherMachine).toMatchObject({ status: 'error', code: 403 });
    // The same machine from another address: the address rule alone refuses it.
    const otherAddress = await checkIn('203.0.113.9', { serial_number: serial, machine_id: 'box-1' });
    expect(otherAddress).toMatchObject({ status: 'error', code: 403, message: CHECK_IN_REFUSALS.locked });
    expect(await licenceRow(t, serial)).toMatchObject({
      allowed_ip_address: '203.0.113.1',
      allowed_machine_id: 'box-1',
      last_ip: '203.0.113.1',
    });
    ok(await client.call(relaxLicense, { serial }));
    expect((await checkIn('203.0.113.2', { serial_number: serial, machine_id: 'box-2' })).status).toBe('ok');
    expect(await licenceRow(t, serial)).toMatchObject({ allowed_ip_address: '203.0.113.2', allowed_machine_id: 'box-2' });
  });

  it('lets any address use an unlocked (*) licence', async () => {
    const { serial } = await licence();
    expect((await checkIn('192.0.2.1', { serial_number: serial, machine_id: 'a' })).status).toBe('ok');
    expect((await checkIn('192.0.2.2', { serial_number: serial, machine_id: 'b' })).status).toBe('ok');
    expect((await licenceRow(t, serial))?.allowed_ip_address).toBe('*');
  });

  it('refuses a disabled or archived serial, and a company out of credit until credit returns', async () => {
    const disabled = await licence();
    await setLicence(t, disabled.serial, { enabled: false });
    expect(await checkIn('192.0.2.3', { serial_number: disabled.serial })).toMatchObject({
      code: 403,
      message: CHECK_IN_REFUSALS.disabled,
    });
    const archived = await licence();
    await setLicence(t, archived.serial, { archived_at: t.clock.now() });
    expect(await checkIn('192.0.2.4', { serial_number: archived.serial })).toMatchObject({
      code: 403,
      message: CHECK_IN_REFUSALS.archived,
    });
    const broke = await licence();
    await setCompany(t, broke.company.id, { current_state: 'SUSPENDED' });
    expect(await checkIn('192.0.2.5', { serial_number: broke.serial })).toMatchObject({ code: 402, message: CHECK_IN_REFUSALS.suspended });
    expect((await licenceRow(t, broke.serial))?.last_issue_end).toBeNull();
    await setCompany(t, broke.company.id, { current_state: 'ACTIVE' });
    expect((await checkIn('192.0.2.5', { serial_number: broke.serial })).status).toBe('ok');
  });

  it('sends the day’s devices and boosters, summed over the company’s licences, to billing', async () => {
    const { serial, client, company } = await licence();
    const second = ok(await client.call(createLicense, {})).data.serial_number;
    await checkIn('192.0.2.6', { serial_number: serial, device_count: 5, boosters: { microsoft365: 2 } });
    await checkIn('192.0.2.7', { serial_number: second, device_count: 3, boosters: { vmware: 1 } });
    await checkIn('192.0.2.6', { serial_number: serial, device_count: 6, boosters: { microsoft365: 2 } });
    const [today] = await dailyStatsOf(t, company.id);
    expect(today).toMatchObject({
      date: billing.billingDayOf(t),
      device_count: 9,
      booster_count: 3,
      booster_microsoft365: 2,
      booster_vmware: 1,
    });
  });

  it('shows on /my_servers the address, hardware ID and region of the latest check-in, locked or not', async () => {
    const { serial, client, company } = await licence();
    await setCompany(t, company.id, { region_code: 'eu-central' });
    const row = async () => ok(await client.call(userMyServersTable, {})).data.self_hosted.find((r) => r.serial_number === serial);
    expect(await row()).toMatchObject({ last_ip_address: '', last_machine_id: '', region: null });
    ok(await checkIn('203.0.113.40', { serial_number: serial, machine_id: 'rack-7' }));
    expect(await row()).toMatchObject({
      allowed_ip_address: '*',
      last_ip_address: '203.0.113.40',
      last_machine_id: 'rack-7',
      region: { code: 'eu-central', name: 'Europe Central (Frankfurt)' },
    });
  });

  it('counts a server until its lease ends, so the first check-in of a day does not drop the servers yet to check in', async () => {
    const { serial, client, company } = await licence();
    const second = ok(await client.call(createLicense, {})).data.serial_number;
    await checkIn('192.0.2.9', { serial_number: serial, device_count: 5 });
    await checkIn('192.0.2.10', { serial_number: second, device_count: 3 });
    t.clock.advance(DAY_MS);
    await checkIn('192.0.2.9', { serial_number: serial, device_count: 6 });
    expect((await dailyStatsOf(t, company.id))[0]).toMatchObject({ date: billing.billingDayOf(t), device_count: 9 });
    // The second server's lease ends three days after its last check-in: it is no longer online.
    t.clock.advance(LEASE_GRACE_DAYS * DAY_MS);
    await checkIn('192.0.2.9', { serial_number: serial, device_count: 6 });
    expect((await dailyStatsOf(t, company.id))[0]).toMatchObject({ date: billing.billingDayOf(t), device_count: 6 });
  });

  it('logs every check-in for Download Logs (Admin), newest first, keeping the newest few hundred', async () => {
    const { serial, user } = await licence();
    for (let i = 0; i < 3; i++) await checkIn('192.0.2.8', { serial_number: serial, device_count: i });
    const asUser = await new TestClient(t.app).useSession(t.db, t.clock, user.id, adminUserId);
    const logs = ok(await asUser.call(getSerialLogs, { serial })).data.logs;
    expect(logs.map((l) => [l.device_count, l.ip, l.outcome])).toEqual([
      [2, '192.0.2.8', 'issued'],
      [1, '192.0.2.8', 'issued'],
      [0, '192.0.2.8', 'issued'],
    ]);
    const row = await licenceRow(t, serial);
    t.clock.advance(CHECK_IN_LIMIT.windowMs);
    for (let i = 0; i < LOGS_KEPT + 5; i++) {
      // As often as the per-serial limit lets a server check in.
      t.clock.advance(CHECK_IN_LIMIT.windowMs / CHECK_IN_LIMIT.max);
      expect((await checkIn('192.0.2.8', { serial_number: serial, device_count: 1 })).status).toBe('ok');
    }
    expect(await licenceLogCount(t, row?.id ?? 0)).toBe(LOGS_KEPT);
  });
});

describe('the per-serial limit', () => {
  const burst = (ip: string, serial: string, n: number) =>
    Promise.all(Array.from({ length: n }, (_, i) => checkIn(ip, { serial_number: serial, device_count: i })));

  it(`takes ${CHECK_IN_LIMIT.max} check-ins of a serial a minute; the next is refused with 429 before anything is written`, async () => {
    const { serial, company } = await licence();
    const row = await licenceRow(t, serial);
    for (let i = 0; i < CHECK_IN_LIMIT.max; i++) {
      expect((await checkIn('192.0.2.30', { serial_number: serial, device_count: i + 1 })).status).toBe('ok');
    }
    const seen = await licenceRow(t, serial);
    const stats = await dailyStatsOf(t, company.id);
    t.clock.advance(15_000);
    const refused = await checkIn('192.0.2.31', { serial_number: serial, device_count: 99, devices: [{ id: 'pc-flood' }] });
    expect(refused).toEqual({
      status: 'error',
      code: 429,
      message: CHECK_IN_REFUSALS.tooMany(45),
      data: { retry_after_seconds: 45 },
    });
    // Not even the refusal's log line: the licence, its logs, the day's counts and the devices are as they were.
    expect(await licenceRow(t, serial)).toEqual(seen);
    expect(await licenceLogCount(t, row?.id ?? 0)).toBe(CHECK_IN_LIMIT.max);
    expect(await dailyStatsOf(t, company.id)).toEqual(stats);
    expect(await billingDevicesOf(t, company.id)).toEqual([]);
    // Another serial of the same company is counted on its own.
    const { serial: other } = await licence();
    expect((await checkIn('192.0.2.30', { serial_number: other })).status).toBe('ok');
    // A minute after the first, the serial has a new window.
    t.clock.advance(CHECK_IN_LIMIT.windowMs - 15_000);
    expect((await checkIn('192.0.2.30', { serial_number: serial, device_count: 7 })).status).toBe('ok');
    expect((await licenceRow(t, serial))?.num_clients_online).toBe(7);
  });

  it('counts refusals too, and an unknown serial as any other: a flood is refused whatever it sends', async () => {
    const unknown = 'NOSUC-HSERI-ALNUM-BERHE-RE333';
    const answers = await burst('192.0.2.32', unknown, CHECK_IN_LIMIT.max + 2);
    expect(answers.map((a) => a.code).sort()).toEqual([...Array(CHECK_IN_LIMIT.max).fill(404), 429, 429]);
    const { serial } = await licence({ state: 'SUSPENDED' });
    const refusals = await burst('192.0.2.33', serial, CHECK_IN_LIMIT.max + 1);
    expect(refusals.filter((a) => a.code === 402)).toHaveLength(CHECK_IN_LIMIT.max);
    expect(refusals.filter((a) => a.code === 429)).toHaveLength(1);
    expect(await licenceLogCount(t, (await licenceRow(t, serial))?.id ?? 0)).toBe(CHECK_IN_LIMIT.max);
  });
});

describe('devices named by check-ins', () => {
  const osWidget = async () => {
    const admin = await new TestClient(t.app).useSession(t.db, t.clock, adminUserId);
    const data = ok(await admin.call(currentMonth, { id: 'admin_device_os_usage_by_month', refresh: true })).data.data;
    if (data.id !== 'admin_device_os_usage_by_month') throw new Error(data.id);
    return data.rows.filter((r) => r.month === '2026-11').map((r) => [r.os, r.devices]);
  };

  it('records each device with its user and operating system, and the OS widget counts them', async () => {
    const { serial, company } = await licence();
    const devices = [
      { id: 'pc-1', username: 'ana', os: 'Windows' },
      { id: 'pc-2', username: 'ben', os: 'Windows' },
      { id: 'mac-1', username: 'cy', os: 'macOS' },
      { id: 'box-1', username: 'root' },
    ];
    expect((await checkIn('192.0.2.20', { serial_number: serial, device_count: 4, devices })).status).toBe('ok');
    const rows = await billingDevicesOf(t, company.id);
    expect(rows.map((d) => [d.device_key, d.username, d.reported_os, d.deleted_at])).toEqual([
      ['box-1', 'root', null, null],
      ['mac-1', 'cy', 'macOS', null],
      ['pc-1', 'ana', 'Windows', null],
      ['pc-2', 'ben', 'Windows', null],
    ]);
    expect(rows.every((d) => d.first_seen_at.getTime() === t.clock.now().getTime())).toBe(true);
    // Most devices first; the order of a tie is the database's collation.
    const counts = await osWidget();
    expect(counts[0]).toEqual(['Windows', 2]);
    expect(counts.slice(1).sort()).toEqual([
      ['Not reported', 1],
      ['macOS', 1],
    ]);
  });

  it('keeps a device’s first sighting and its operating system when named again without one; a removal marks it deleted once', async () => {
    const { serial, company } = await licence();
    await checkIn('192.0.2.21', { serial_number: serial, device_count: 1, devices: [{ id: 'pc-9', username: 'dee', os: 'Linux' }] });
    const first = t.clock.now().getTime();
    t.clock.advance(3_600_000);
    // Named twice in one check-in (the last wins), again without an OS, under a new user.
    const again = [
      { id: 'pc-9', username: 'old' },
      { id: 'pc-9', username: 'eve' },
    ];
    expect((await checkIn('192.0.2.21', { serial_number: serial, device_count: 1, devices: again })).status).toBe('ok');
    let [row] = await billingDevicesOf(t, company.id);
    expect([row?.username, row?.reported_os, row?.first_seen_at.getTime()]).toEqual(['eve', 'Linux', first]);

    await checkIn('192.0.2.21', { serial_number: serial, device_count: 0, removed_devices: ['pc-9', 'never-seen'] });
    [row] = await billingDevicesOf(t, company.id);
    expect(row?.deleted_at?.getTime()).toBe(t.clock.now().getTime());
    t.clock.advance(60_000);
    await checkIn('192.0.2.21', { serial_number: serial, device_count: 0, removed_devices: ['pc-9'] });
    expect((await billingDevicesOf(t, company.id)).map((d) => d.device_key)).toEqual(['pc-9']);
    expect((await billingDevicesOf(t, company.id))[0]?.deleted_at?.getTime()).toBe(t.clock.now().getTime() - 60_000);
  });

  it('a refused check-in records no devices', async () => {
    const { serial, company } = await licence({ state: 'SUSPENDED' });
    const refused = await checkIn('192.0.2.22', { serial_number: serial, devices: [{ id: 'pc-1', os: 'Windows' }] });
    expect(refused.status).toBe('error');
    expect(await billingDevicesOf(t, company.id)).toEqual([]);
  });

  it(`refuses more than ${MAX_DEVICES_PER_CHECK_IN} devices in one check-in without recording any`, async () => {
    const { serial, company } = await licence();
    const devices = Array.from({ length: MAX_DEVICES_PER_CHECK_IN + 1 }, (_, i) => ({ id: `d${i}` }));
    const reply = await checkIn('192.0.2.23', { serial_number: serial, devices });
    expect(reply).toMatchObject({ status: 'error', code: 400 });
    expect(await billingDevicesOf(t, company.id)).toEqual([]);
  });
});

describe('what a check-in writes and answers', () => {
  const logsOf = async (serial: string, userId: number) => {
    const asUser = await new TestClient(t.app).useSession(t.db, t.clock, userId, adminUserId);
    return ok(await asUser.call(getSerialLogs, { serial })).data.logs;
  };

  it('logs the machine, version, devices and boosters of an issued check-in and of a refused one, with the reason', async () => {
    const { serial, user } = await licence();
    const boosters = { microsoft365: 2, vmware: 3 };
    ok(await checkIn('192.0.2.40', { serial_number: serial, machine_id: 'rack-1', version: '25.1.2', device_count: 4, boosters }));
    await setLicence(t, serial, { enabled: false });
    await checkIn('192.0.2.41', { serial_number: serial, machine_id: 'rack-2', version: '25.1.3', device_count: 5, boosters });
    const logs = await logsOf(serial, user.id);
    expect(logs.map(({ at: _, ...l }) => l)).toEqual([
      { ip: '192.0.2.41', machine_id: 'rack-2', version: '25.1.3', device_count: 5, booster_count: 5, outcome: CHECK_IN_REFUSALS.disabled },
      { ip: '192.0.2.40', machine_id: 'rack-1', version: '25.1.2', device_count: 4, booster_count: 5, outcome: 'issued' },
    ]);
    expect(logs.map((l) => l.at)).toEqual([t.clock.now().toISOString(), t.clock.now().toISOString()]);
  });

  it("keeps the licence's boosters, day and last sighting", async () => {
    const { serial } = await licence();
    ok(await checkIn('192.0.2.42', { serial_number: serial, device_count: 2, boosters: { microsoft365: 1, vmware: 4 } }));
    expect(await licenceRow(t, serial)).toMatchObject({
      num_clients_online: 2,
      num_boosters_online: 5,
      booster_counts: { microsoft365: 1, vmware: 4 },
      counts_date: billing.billingDayOf(t),
      last_seen_at: t.clock.now(),
    });
  });

  it('refuses a closed company', async () => {
    const { serial, company } = await licence();
    await setCompany(t, company.id, { current_state: 'DELETED' });
    expect(await checkIn('192.0.2.43', { serial_number: serial })).toMatchObject({ code: 403, message: CHECK_IN_REFUSALS.closed });
    expect((await licenceRow(t, serial))?.last_issue_end).toBeNull();
  });

  it('lets a licence locked to an address with no machine in from any machine there, and binds that machine', async () => {
    const { serial } = await licence();
    await setLicence(t, serial, { allowed_ip_address: '203.0.113.60', allowed_machine_id: '' });
    expect((await checkIn('203.0.113.60', { serial_number: serial, machine_id: 'box-9' })).status).toBe('ok');
    expect(await licenceRow(t, serial)).toMatchObject({ allowed_ip_address: '203.0.113.60', allowed_machine_id: 'box-9' });
    expect(await checkIn('203.0.113.61', { serial_number: serial, machine_id: 'box-9' })).toMatchObject({
      code: 403,
      message: CHECK_IN_REFUSALS.locked,
    });
  });

  it("answers the licence's own payload when it has a valid one, and the plan's otherwise", async () => {
    const { serial } = await licence();
    await setLicence(t, serial, { payload_override: '3|24.1.0|{}' });
    expect((await checkIn('192.0.2.44', { serial_number: serial })).data?.payload).toBe('3|24.1.0|{}');
    await setLicence(t, serial, { payload_override: 'not a payload' });
    expect((await checkIn('192.0.2.44', { serial_number: serial })).data?.payload).toBe('1|23.3.0|{}');
  });
});
