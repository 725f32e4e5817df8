import { adminCompaniesOnServerVersion, type CompanyOnServerVersion, VERSION_REPORT_ORDER } from '@portal/contract/reports/server-version';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newHosted, newLicence } from '../../test/factories.ts';
import { type TestContext, TestClient, createTestContext, newCompany, ok } from '../../test/harness.ts';
import { setCompany, setHostedRow, setLicence } from '../../test/rows.ts';

/**
 * The version report over a hand-made fleet: each server says which company runs it, on what version, with
 * how many devices, and whether it is in service. The expected rows are worked out here from that list by
 * the definition in docs/decisions/0063, not by the query under test.
 */
const VERSION = '24.9.0';

interface Planned {
  company: string;
  kind: 'licence' | 'hosted';
  version: string;
  devices: number;
  /** How the server is out of service, if it is. */
  out?: 'archived' | 'deleted' | 'disabled' | 'deleting' | 'provisioning';
}

const FLEET: Planned[] = [
  { company: 'Alpha Backups', kind: 'licence', version: VERSION, devices: 5 },
  { company: 'Alpha Backups', kind: 'licence', version: VERSION, devices: 3 },
  { company: 'Alpha Backups', kind: 'licence', version: '24.6.0', devices: 100 },
  { company: 'Alpha Backups', kind: 'hosted', version: VERSION, devices: 7 },
  { company: 'bravo it', kind: 'licence', version: VERSION, devices: 20 },
  { company: 'Charlie Ltd', kind: 'licence', version: VERSION, devices: 50, out: 'archived' },
  { company: 'Charlie Ltd', kind: 'licence', version: VERSION, devices: 40, out: 'disabled' },
  { company: 'Charlie Ltd', kind: 'licence', version: VERSION, devices: 30, out: 'deleted' },
  { company: 'Delta Co', kind: 'hosted', version: VERSION, devices: 9, out: 'deleting' },
  { company: 'Delta Co', kind: 'hosted', version: VERSION, devices: 2 },
  { company: 'Echo Gone', kind: 'licence', version: VERSION, devices: 11 },
  { company: 'Foxtrot', kind: 'licence', version: '24.9.01', devices: 4 },
  { company: 'Golf Ltd', kind: 'licence', version: VERSION, devices: 0 },
  { company: 'Golf Ltd', kind: 'hosted', version: VERSION, devices: 8, out: 'provisioning' },
];
/** Closed companies are not customers running anything. */
const DELETED_COMPANIES = ['Echo Gone'];

let t: TestContext;
let admin: TestClient;
const companyIds = new Map<string, { id: number; email: string }>();

beforeAll(async () => {
  t = await createTestContext();
  const staff = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin', current_state: 'ACTIVE' });
  admin = await new TestClient(t.app).useSession(t.db, t.clock, staff.user.id);
  const now = t.clock.now();
  for (const planned of FLEET) {
    if (!companyIds.has(planned.company)) {
      const made = await newCompany(t.db, { company_name: planned.company, current_state: 'ACTIVE' });
      companyIds.set(planned.company, { id: made.company.id, email: made.user.email });
    }
    const companyId = companyIds.get(planned.company)?.id ?? 0;
    if (planned.kind === 'licence') {
      const { serial_number } = await newLicence(t.db, now, companyId);
      const out = planned.out;
      await setLicence(t, serial_number, {
        server_version: planned.version,
        num_clients_online: planned.devices,
        enabled: out !== 'disabled',
        archived_at: out === 'archived' ? now : null,
        deleted_at: out === 'deleted' ? now : null,
      });
    } else {
      const { hosted_server_id } = await newHosted(t.db, now, companyId, { ready: planned.out !== 'provisioning' });
      const state = planned.out === 'deleting' ? 'deleting' : planned.out === 'provisioning' ? 'provisioning' : 'ready';
      await setHostedRow(t, hosted_server_id, { version: planned.version, num_devices_online: planned.devices, state });
    }
  }
  for (const name of DELETED_COMPANIES) await setCompany(t, companyIds.get(name)?.id ?? 0, { deleted_at: now, current_state: 'DELETED' });
});
afterAll(() => t.close());

/** The report's rows by the definition: in-service servers on the version, per company that is not deleted. */
function expectedRows(version: string): CompanyOnServerVersion[] {
  const byCompany = new Map<string, CompanyOnServerVersion>();
  for (const s of FLEET) {
    if (s.version !== version || s.out || DELETED_COMPANIES.includes(s.company)) continue;
    const company = companyIds.get(s.company);
    if (!company) continue;
    const row = byCompany.get(s.company) ?? {
      company_id: company.id,
      company_name: s.company,
      primary_email: company.email,
      server_count: 0,
      device_count: 0,
    };
    row.server_count += 1;
    row.device_count += s.devices;
    byCompany.set(s.company, row);
  }
  return [...byCompany.values()];
}

function sorted(rows: CompanyOnServerVersion[], order: (typeof VERSION_REPORT_ORDER)[number], direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  const key = (r: CompanyOnServerVersion) => (typeof r[order] === 'string' ? String(r[order]).toLowerCase() : r[order]);
  return [...rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x !== y) return (x < y ? -1 : 1) * sign;
    return (a.company_id - b.company_id) * sign;
  });
}

const report = (input: Partial<Parameters<typeof admin.call<typeof adminCompaniesOnServerVersion>>[1]> = {}) =>
  admin.call(adminCompaniesOnServerVersion, { server_version: VERSION, ...input });

describe('AdminCompaniesOnServerVersion.json', () => {
  it('lists each company running the version with its servers and their devices, by name', async () => {
    const res = ok(await report());
    const expected = sorted(expectedRows(VERSION), 'company_name', 'asc');
    expect(res.data.rows).toEqual(expected);
    expect(res.data.total).toBe(expected.length);
    // The fixture's answer, spelled out: Alpha 3 servers (2 licences, 1 console) with 15 devices; bravo 1 with 20;
    // Delta's ready console only; Golf's licence with no devices; not Charlie, Echo or Foxtrot.
    expect(res.data.rows.map((r) => [r.company_name, r.server_count, r.device_count])).toEqual([
      ['Alpha Backups', 3, 15],
      ['bravo it', 1, 20],
      ['Delta Co', 1, 2],
      ['Golf Ltd', 1, 0],
    ]);
  });

  it('sorts by every column both ways', async () => {
    for (const order of VERSION_REPORT_ORDER) {
      for (const direction of ['asc', 'desc'] as const) {
        const res = ok(await report({ target_order: order, target_order_direction: direction }));
        expect(res.data.rows, `${order} ${direction}`).toEqual(sorted(expectedRows(VERSION), order, direction));
      }
    }
  });

  it('pages without repeating or skipping a company, and counts past the last page', async () => {
    const all = sorted(expectedRows(VERSION), 'device_count', 'desc');
    const pages = [];
    for (const page of [1, 2]) {
      const res = ok(await report({ page, page_size: 2, target_order: 'device_count', target_order_direction: 'desc' }));
      expect(res.data.total).toBe(all.length);
      pages.push(...res.data.rows);
    }
    expect(pages).toEqual(all);
    const past = ok(await report({ page: 5, page_size: 2 }));
    expect(past.data).toEqual({ rows: [], total: all.length });
  });

  it('searches names and primary emails', async () => {
    const res = ok(await report({ target_search_query: 'BRAVO' }));
    expect(res.data.rows.map((r) => r.company_name)).toEqual(['bravo it']);
    const email = companyIds.get('Delta Co')?.email ?? '';
    const byEmail = ok(await report({ target_search_query: email }));
    expect(byEmail.data.rows.map((r) => r.company_name)).toEqual(['Delta Co']);
    expect(ok(await report({ target_search_query: '%' })).data.total).toBe(0);
  });

  it('answers another version with its own companies, and an unknown one with none', async () => {
    expect(ok(await report({ server_version: '24.6.0' })).data.rows).toEqual(expectedRows('24.6.0'));
    expect(ok(await report({ server_version: '1.0.0' })).data).toEqual({ rows: [], total: 0 });
  });

  it('exports the whole list as CSV and XLSX', async () => {
    const csv = await admin.post(`${adminCompaniesOnServerVersion.path}?format=csv`, { server_version: VERSION, page_size: 1 });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('company_id,company_name,primary_email,server_count,device_count');
    expect(lines).toHaveLength(1 + expectedRows(VERSION).length);
    expect(lines).toContain(`${companyIds.get('bravo it')?.id},bravo it,${companyIds.get('bravo it')?.email},1,20`);
    const xlsx = await admin.post(`${adminCompaniesOnServerVersion.path}?format=xlsx`, { server_version: VERSION });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('is for admins only', async () => {
    const customer = await newCompany(t.db, { current_state: 'ACTIVE' });
    const client = await new TestClient(t.app).useSession(t.db, t.clock, customer.user.id);
    expect((await client.call(adminCompaniesOnServerVersion, { server_version: VERSION })).code).toBe(403);
    expect((await new TestClient(t.app).call(adminCompaniesOnServerVersion, { server_version: VERSION })).code).toBe(401);
  });

  it('refuses a missing version', async () => {
    const res = await admin.call(adminCompaniesOnServerVersion, { server_version: '  ' });
    expect(res.code).toBe(400);
  });
});
