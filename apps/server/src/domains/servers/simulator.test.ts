import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLicence } from '../../test/factories.ts';
import { type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { billingDevicesOf, licenceRow } from '../../test/rows.ts';
import { checkInOnce, deviceChanges, drift, newServer, seededRandom } from './simulator.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** The simulator's fetch, answered by the app in memory. */
const viaApp: typeof fetch = async (input, init) => {
  const res = await t.app.inject({
    method: 'POST',
    url: new URL(String(input)).pathname,
    headers: { 'content-type': 'application/json' },
    payload: String(init?.body),
  });
  return new Response(res.body, { status: res.statusCode });
};

describe('the server simulator', () => {
  it('draws a realistic, repeatable fleet', () => {
    const a = newServer('AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', 0);
    expect(newServer('AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', 0)).toEqual(a);
    const fleet = Array.from({ length: 200 }, (_, i) => newServer(`S${i}`, i));
    expect(fleet.every((s) => s.devices >= 3 && s.devices < 500)).toBe(true);
    expect(fleet.some((s) => s.boosters.microsoft365 > 0)).toBe(true);
    const moved = drift(a, seededRandom('x'));
    expect(Math.abs(moved.devices - a.devices)).toBeLessThanOrEqual(1);
  });

  it('brings a serial online through the licence endpoint', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const { serial_number } = await newLicence(t.db, t.clock.now(), company.id);
    const server = newServer(serial_number, 0);
    const result = await checkInOnce('http://portal.test', server, viaApp);
    expect(result).toMatchObject({ serial_number, status: 200 });
    expect(await licenceRow(t, serial_number)).toMatchObject({ server_version: server.version, num_clients_online: server.devices });
  });

  it('names its devices with their operating systems on the first check-in, then only those that came or went', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const { serial_number } = await newLicence(t.db, t.clock.now(), company.id);
    let server = newServer(serial_number, 1);
    const first = deviceChanges(server);
    expect(first.devices).toHaveLength(server.devices);
    expect(first.removed_devices).toEqual([]);
    expect(new Set(first.devices.map((d) => d.os)).size).toBeGreaterThan(1);
    const result = await checkInOnce('http://portal.test', server, viaApp);
    expect(result.reported).toBe(server.devices);
    const seen = await billingDevicesOf(t, company.id);
    expect(seen).toHaveLength(server.devices);
    expect(seen.every((d) => d.reported_os !== null)).toBe(true);

    // Two devices go: the next check-in names them as removed and nothing as new.
    server = { ...server, reported: server.devices, devices: server.devices - 2 };
    expect(deviceChanges(server).devices).toEqual([]);
    await checkInOnce('http://portal.test', server, viaApp);
    const after = await billingDevicesOf(t, company.id);
    expect(after.filter((d) => d.deleted_at !== null)).toHaveLength(2);
  });
});
