import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLicence } from '../../test/factories.ts';
import { type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { licenceRow } from '../../test/rows.ts';
import { checkInOnce, drift, newServer, seededRandom } from './simulator.ts';

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
});
