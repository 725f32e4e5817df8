import { CHECK_IN_LIMIT } from '@portal/contract/servers/server-tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLicence } from '../../test/factories.ts';
import { type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { billingDevicesOf, licenceRow } from '../../test/rows.ts';
import { checkInOnce, checkInsPerWindow, deviceChanges, drift, newServer, seededRandom } from './simulator.ts';

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

  it('keeps under the per-serial limit at its cadence, and can tell a fleet that would not', async () => {
    const windowMs = CHECK_IN_LIMIT.windowMs;
    expect(checkInsPerWindow({ servers: 1000, serials: 1000, intervalSeconds: 300, windowMs })).toBe(1);
    expect(checkInsPerWindow({ servers: CHECK_IN_LIMIT.max, serials: 1, intervalSeconds: 300, windowMs })).toBe(CHECK_IN_LIMIT.max);
    expect(checkInsPerWindow({ servers: CHECK_IN_LIMIT.max + 1, serials: 1, intervalSeconds: 300, windowMs })).toBeGreaterThan(
      CHECK_IN_LIMIT.max,
    );
    expect(checkInsPerWindow({ servers: 1, serials: 1, intervalSeconds: 5, windowMs })).toBeGreaterThan(CHECK_IN_LIMIT.max);

    // As many servers on one serial as the limit allows, round after round at the default cadence: every check-in issued.
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const { serial_number } = await newLicence(t.db, t.clock.now(), company.id);
    let fleet = Array.from({ length: CHECK_IN_LIMIT.max }, (_, i) => newServer(serial_number, i));
    const rand = seededRandom('rounds');
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(fleet.map((s) => checkInOnce('http://portal.test', s, viaApp)));
      expect(results.map((r) => r.status)).toEqual(fleet.map(() => 200));
      fleet = fleet.map((s, i) => drift({ ...s, reported: results[i]?.reported ?? s.reported }, rand));
      t.clock.advance(300_000);
    }
  });
});
