import { createLicense, LICENCE_MESSAGES } from '@portal/contract/servers/licences';
import { CHECK_IN_LIMIT, licenseCheckIn } from '@portal/contract/servers/server-tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLicence } from '../../test/factories.ts';
import { ON_POSTGRES, type TestContext, createTestContext, newCompany, parallelClients } from '../../test/harness.ts';
import { billingDevicesOf, dailyStatsOf, licenceLogCount, licenceRow, servicesOf, setLicence } from '../../test/rows.ts';

const N = 8;

/** The servers domain's read-then-write paths, sent at once on PostgreSQL's parallel connections. */
describe.skipIf(!ON_POSTGRES)('licences under parallel calls (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ TRUST_PROXY: 'loopback' });
  });
  afterAll(() => t.close());

  const checkIn = async (ip: string, serial: string, devices: number, machine = 'm', named: { id: string; os: string }[] = []) => {
    const res = await t.app.inject({
      method: 'POST',
      url: licenseCheckIn.path,
      headers: { 'x-forwarded-for': ip },
      payload: {
        serial_number: serial,
        machine_id: machine,
        version: '25.3.0',
        device_count: devices,
        boosters: { mssql: 1 },
        devices: named,
      },
    });
    return res.statusCode;
  };

  it('sums the day’s devices of every licence when they all check in at once', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const serials = [];
    for (let i = 0; i < N; i++) serials.push((await newLicence(t.db, t.clock.now(), company.id)).serial_number);
    const codes = await Promise.all(serials.map((s, i) => checkIn(`10.0.0.${i + 1}`, s, i + 1)));
    expect(codes).toEqual(Array(N).fill(200));
    const [today] = await dailyStatsOf(t, company.id);
    expect(today?.device_count).toBe((N * (N + 1)) / 2);
    expect(today?.booster_mssql).toBe(N);
  });

  it('records the devices several servers of one company name at once, in opposite orders, once each and without a deadlock', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const serials = [];
    for (let i = 0; i < N; i++) serials.push((await newLicence(t.db, t.clock.now(), company.id)).serial_number);
    const named = Array.from({ length: 50 }, (_, i) => ({ id: `dev-${String(i).padStart(2, '0')}`, os: 'Windows' }));
    const codes = await Promise.all(
      serials.map((s, i) => checkIn(`10.2.0.${i + 1}`, s, named.length, 'm', i % 2 ? [...named].reverse() : named)),
    );
    expect(codes).toEqual(Array(N).fill(200));
    expect((await billingDevicesOf(t, company.id)).map((d) => d.device_key)).toEqual(named.map((d) => d.id));
  });

  it('binds a locked licence to one server when several first use it at once', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const { serial_number } = await newLicence(t.db, t.clock.now(), company.id);
    await setLicence(t, serial_number, { allowed_ip_address: 'ANY' });
    // As many as the per-serial limit takes at once.
    const n = CHECK_IN_LIMIT.max;
    const codes = await Promise.all(Array.from({ length: n }, (_, i) => checkIn(`10.1.0.${i + 1}`, serial_number, 1, `box-${i}`)));
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 403)).toHaveLength(n - 1);
    const winner = codes.indexOf(200);
    expect(await licenceRow(t, serial_number)).toMatchObject({
      allowed_ip_address: `10.1.0.${winner + 1}`,
      allowed_machine_id: `box-${winner}`,
    });
  });

  it(`accepts exactly ${CHECK_IN_LIMIT.max} of 50 parallel check-ins of one serial, from any addresses, and refuses the rest with 429`, async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const { serial_number } = await newLicence(t.db, t.clock.now(), company.id);
    const codes = await Promise.all(Array.from({ length: 50 }, (_, i) => checkIn(`10.3.0.${i + 1}`, serial_number, i + 1)));
    expect(codes.filter((c) => c === 200)).toHaveLength(CHECK_IN_LIMIT.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(50 - CHECK_IN_LIMIT.max);
    // The refused ones wrote nothing, not even a log line.
    expect(await licenceLogCount(t, (await licenceRow(t, serial_number))?.id ?? 0)).toBe(CHECK_IN_LIMIT.max);
  });

  it('creates no more licences than the plan allows when a user asks many times at once', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Starter' });
    const clients = await parallelClients(t, N, user.id);
    const answers = await Promise.all(clients.map((c) => c.call(createLicense, {})));
    expect(answers.filter((a) => a.status === 'ok')).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status === 'error')) expect(refused.message).toBe(LICENCE_MESSAGES.limit(1));
    expect((await servicesOf(t, company.id)).filter((s) => s.kind === 'serial')).toHaveLength(1);
  });
});
