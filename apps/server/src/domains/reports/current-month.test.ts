import { currentMonth } from '@portal/contract/reports/current-month';
import type { CallInput } from '@portal/contract/shared/define-call';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCreditPack, newLicence } from '../../test/factories.ts';
import { type TestContext, TestClient, createTestContext, newCompany, ok } from '../../test/harness.ts';
import { insertBillingDevice, putCharge, putCompanyDownload, putDailyStats, setCompany, setLicence } from '../../test/rows.ts';

/**
 * Every Current Month figure over a hand-made world, on the test clock's day 2026-11-21 (Auckland). The world
 * is written out as plain lists below and each expected answer is worked out from those lists by the
 * definitions of docs/decisions/0059, in JavaScript, not by the queries under test.
 */
const TODAY = '2026-11-21';
const NZ = (local: string) => new Date(`${local}+13:00`); // November and October: NZDT
const NZ_WINTER = (local: string) => new Date(`${local}+12:00`); // before 27 September: NZST

interface PlannedCompany {
  name: string;
  created_at: Date;
  type?: 'customer' | 'distributor';
  internal?: boolean;
  oob?: boolean;
  completed?: boolean;
  /** Credit packs: cents paid and cents credited, and when. */
  packs?: { cost: number; amount: number; at: Date }[];
  distributor?: string;
}

const COMPANIES: PlannedCompany[] = [
  { name: 'Foxtrot Distribution', type: 'distributor', created_at: NZ_WINTER('2026-08-01T12:00:00') },
  {
    name: 'Alpha',
    created_at: NZ_WINTER('2026-09-10T09:00:00'),
    completed: true,
    packs: [{ cost: 5000, amount: 5000, at: NZ('2026-10-05T10:00:00') }],
  },
  // Created at 00:30 on 1 October in Auckland, still 30 September in UTC: an October signup.
  {
    name: 'Charlie',
    created_at: NZ('2026-10-01T00:30:00'),
    completed: true,
    packs: [{ cost: 0, amount: 2000, at: NZ('2026-10-01T10:00:00') }],
  },
  { name: 'Bravo', created_at: NZ('2026-11-02T08:00:00'), oob: true, packs: [{ cost: 0, amount: 1000, at: NZ('2026-11-03T08:00:00') }] },
  { name: 'Delta', created_at: NZ('2026-11-15T08:00:00'), oob: true, distributor: 'Foxtrot Distribution' },
  {
    name: 'Echo Internal',
    created_at: NZ('2026-11-03T08:00:00'),
    internal: true,
    packs: [{ cost: 9000, amount: 9000, at: NZ('2026-10-02T08:00:00') }],
  },
];

interface PlannedStats {
  company: string;
  date: string;
  devices: number;
  version: string;
  storage?: number;
  boosters?: Partial<Record<'microsoft365' | 'disk_image' | 'mssql' | 'hyperv' | 'vmware' | 'proxmox', number>>;
}

const STATS: PlannedStats[] = [
  { company: 'Alpha', date: '2026-10-15', devices: 1, version: '23.0.0', storage: 100 },
  { company: 'Alpha', date: '2026-10-31', devices: 6, version: '23.0.0', storage: 700, boosters: { microsoft365: 2 } },
  { company: 'Alpha', date: '2026-11-13', devices: 5, version: '23.1.0', storage: 900, boosters: { microsoft365: 2, mssql: 1 } },
  {
    company: 'Alpha',
    date: '2026-11-20',
    devices: 9,
    version: '23.1.0',
    storage: 1000,
    boosters: { microsoft365: 4, mssql: 1, disk_image: 2 },
  },
  // Today's stats are still arriving: no figure reads them.
  { company: 'Alpha', date: TODAY, devices: 50, version: '23.1.0', storage: 5000, boosters: { microsoft365: 40 } },
  // 22.3.0 is not above 22.3.0; 22.10.0 is, though as text it sorts below '22.3.0'.
  { company: 'Charlie', date: '2026-11-13', devices: 4, version: '22.3.0', storage: 400, boosters: { hyperv: 2 } },
  { company: 'Charlie', date: '2026-11-20', devices: 1, version: '22.10.0', storage: 500, boosters: { hyperv: 5 } },
  { company: 'Delta', date: '2026-11-20', devices: 2, version: '22.2.9', boosters: { vmware: 4 } },
  { company: 'Bravo', date: '2026-11-13', devices: 3, version: '', boosters: { proxmox: 1 } },
  { company: 'Echo Internal', date: '2026-11-20', devices: 100, version: '24.1.0', storage: 99999, boosters: { proxmox: 50 } },
];

const CHARGES = [
  { company: 'Alpha', day: '2026-10-20', amount: 150 },
  { company: 'Alpha', day: '2026-11-05', amount: 300 },
  { company: 'Charlie', day: '2026-11-20', amount: 200 },
  { company: 'Echo Internal', day: '2026-11-05', amount: 999 },
];

const DEVICES = [
  { company: 'Alpha', key: 'a1', os: 'Windows', first: NZ('2026-10-10T00:00:00'), deleted: null },
  { company: 'Alpha', key: 'a2', os: 'Linux', first: NZ('2026-11-05T00:00:00'), deleted: null },
  { company: 'Alpha', key: 'a3', os: null, first: NZ_WINTER('2026-09-01T00:00:00'), deleted: NZ('2026-10-20T00:00:00') },
  { company: 'Charlie', key: 'c1', os: 'Windows', first: NZ('2026-11-01T00:00:00'), deleted: null },
];

const SERVERS = [
  { company: 'Alpha', version: '23.1.0', devices: 4 },
  { company: 'Alpha', version: '23.1.0', devices: 5 },
  { company: 'Charlie', version: '22.10.0', devices: 1 },
  { company: 'Bravo', version: '22.9.0', devices: 2 },
  { company: 'Delta', version: '', devices: 0 },
];

const DOWNLOADS = [{ company: 'Charlie', at: NZ('2026-10-02T00:00:00') }];

const BOOSTER_KINDS = ['microsoft365', 'disk_image', 'mssql', 'hyperv', 'vmware', 'proxmox'] as const;
const boosterSum = (s: PlannedStats) => BOOSTER_KINDS.reduce((n, k) => n + (s.boosters?.[k] ?? 0), 0);
/** Above 22.3.0, part by part as numbers. */
const boostersValid = (version: string) => {
  if (!/^\d+\.\d+\.\d+$/.test(version)) return false;
  const [a = 0, b = 0, c = 0] = version.split('.').map(Number);
  return a !== 22 ? a > 22 : b !== 3 ? b > 3 : c > 0;
};
const counted = (name: string) => !COMPANIES.find((c) => c.name === name)?.internal;
const aucklandMonth = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland', year: 'numeric', month: '2-digit' }).format(at);
/** The first instant of the Auckland month after `month` ('YYYY-MM'), for the three months the world spans. */
const MONTH_ENDS: Record<string, Date> = {
  '2026-08': NZ_WINTER('2026-09-01T00:00:00'),
  '2026-09': NZ('2026-10-01T00:00:00'),
  '2026-10': NZ('2026-11-01T00:00:00'),
  '2026-11': NZ('2026-12-01T00:00:00'),
};
const MONTHS = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];

let t: TestContext;
let admin: TestClient;
const ids = new Map<string, number>();
const idOf = (name: string) => ids.get(name) ?? 0;

beforeAll(async () => {
  t = await createTestContext();
  const staff = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin', current_state: 'ACTIVE' });
  admin = await new TestClient(t.app).useSession(t.db, t.clock, staff.user.id);
  for (const c of COMPANIES) {
    const { company } = await newCompany(t.db, { company_name: c.name, company_type: c.type ?? 'customer', current_state: 'ACTIVE' });
    ids.set(c.name, company.id);
  }
  for (const c of COMPANIES) {
    const id = idOf(c.name);
    await setCompany(t, id, {
      created_at: c.created_at,
      is_internal_comet_company: c.internal ?? false,
      has_oob_payment: c.oob ?? false,
      signup_completed_at: c.completed ? c.created_at : null,
      distributor_id: c.distributor ? idOf(c.distributor) : null,
    });
    for (const p of c.packs ?? [])
      await newCreditPack(t.db, p.at, id, { cost: p.cost, amount: p.amount, source: p.cost ? 'purchase' : 'admin' });
  }
  for (const s of STATS) {
    await putDailyStats(t, {
      company_id: idOf(s.company),
      date: s.date,
      device_count: s.devices,
      server_version: s.version,
      storage_amount_bytes: s.storage ?? 0,
      booster_count: boosterSum(s),
      ...Object.fromEntries(BOOSTER_KINDS.map((k) => [`booster_${k}`, s.boosters?.[k] ?? 0])),
    });
  }
  for (const ch of CHARGES)
    await putCharge(t, { company_id: idOf(ch.company), charge_day: ch.day, kind: 'device', quantity: 1, amount: ch.amount });
  for (const d of DEVICES) {
    await insertBillingDevice(t, {
      company_id: idOf(d.company),
      device_key: d.key,
      username: d.key,
      first_seen_at: d.first,
      deleted_at: d.deleted,
      reported_os: d.os,
    });
  }
  for (const s of SERVERS) {
    const { serial_number } = await newLicence(t.db, t.clock.now(), idOf(s.company));
    await setLicence(t, serial_number, { server_version: s.version, num_clients_online: s.devices });
  }
  for (const d of DOWNLOADS)
    await putCompanyDownload(t, { company_id: idOf(d.company), version_key: '24.9.0', platform: 'windows_x86_64', at: d.at });
});
afterAll(async () => {
  await t?.close();
});

const widget = async (input: CallInput<typeof currentMonth>) => ok(await admin.call(currentMonth, input)).data.data;

describe('Current Month figures (decision 0059) over a hand-made world', () => {
  it('admin_monthly_totals: active companies, devices, valid boosters, storage and charges per Auckland month', async () => {
    const data = await widget({ id: 'admin_monthly_totals' });
    if (data.id !== 'admin_monthly_totals') throw new Error(data.id);
    const expected = MONTHS.map((month) => {
      const end = MONTH_ENDS[month];
      const active = COMPANIES.filter((c) => {
        if (c.internal || !end) return false;
        const packs = (c.packs ?? []).filter((p) => p.at < end);
        const balance = packs.reduce((n, p) => n + p.amount, 0);
        return balance > 0 && (c.oob || packs.some((p) => p.cost > 0));
      }).length;
      const inMonth = STATS.filter((s) => s.date.startsWith(month) && s.date < TODAY);
      const day = inMonth
        .map((s) => s.date)
        .sort()
        .at(-1);
      const snapshot = inMonth.filter((s) => s.date === day && counted(s.company));
      return {
        month,
        is_partial: month === '2026-11',
        active_companies: active,
        devices: snapshot.reduce((n, s) => n + s.devices, 0),
        boosters: snapshot.reduce((n, s) => n + (boostersValid(s.version) ? boosterSum(s) : 0), 0),
        storage_bytes: snapshot.reduce((n, s) => n + (s.storage ?? 0), 0),
        revenue_charged: CHARGES.filter((c) => c.day.startsWith(month) && counted(c.company)).reduce((n, c) => n + c.amount, 0),
      };
    });
    expect(data.rows).toEqual(expected);
    // The world's own answer, spelled out: Alpha from October (paid 5 October), Bravo in November (out of band, credited).
    expect(data.rows.slice(-3).map((r) => r.active_companies)).toEqual([0, 1, 2]);
    expect(data.rows.at(-1)).toMatchObject({ devices: 12, boosters: 12, storage_bytes: 1500, revenue_charged: 500 });
  });

  it('admin_signup_by_month: signups per Auckland month, and the current month scaled to its 30 days', async () => {
    const data = await widget({ id: 'admin_signup_by_month' });
    if (data.id !== 'admin_signup_by_month') throw new Error(data.id);
    const signups = (month: string) => COMPANIES.filter((c) => !c.internal && aucklandMonth(c.created_at) === month).length;
    expect(data.rows).toEqual(
      MONTHS.map((month) => ({
        month,
        signups: signups(month),
        estimate: month === '2026-11' ? Math.round((signups(month) * 30) / 21) : null,
      })),
    );
    expect(data.rows.at(-1)).toEqual({ month: '2026-11', signups: 2, estimate: 3 });
    expect(data.rows.at(-2)?.signups).toBe(1);
  });

  it('admin_active_partners: companies with devices on each of the 60 complete days before today', async () => {
    const data = await widget({ id: 'admin_active_partners' });
    if (data.id !== 'admin_active_partners') throw new Error(data.id);
    expect(data.rows).toHaveLength(60);
    expect(data.rows[0]?.date).toBe('2026-09-22');
    expect(data.rows.at(-1)?.date).toBe('2026-11-20');
    for (const row of data.rows) {
      const expected = new Set(STATS.filter((s) => s.date === row.date && s.devices > 0 && counted(s.company)).map((s) => s.company)).size;
      expect(row.active_partners, row.date).toBe(expected);
    }
    expect(data.rows.find((r) => r.date === '2026-11-20')?.active_partners).toBe(3);
  });

  it('admin_booster_totals: each kind per day, servers above 22.3.0 only (numerically)', async () => {
    const data = await widget({ id: 'admin_booster_totals' });
    if (data.id !== 'admin_booster_totals') throw new Error(data.id);
    for (const row of data.rows) {
      const valid = STATS.filter((s) => s.date === row.date && counted(s.company) && boostersValid(s.version));
      const expected = Object.fromEntries(BOOSTER_KINDS.map((k) => [k, valid.reduce((n, s) => n + (s.boosters?.[k] ?? 0), 0)]));
      expect(row, row.date).toEqual({ date: row.date, ...expected, total: valid.reduce((n, s) => n + boosterSum(s), 0) });
    }
    expect(data.rows.find((r) => r.date === '2026-11-20')).toMatchObject({ hyperv: 5, vmware: 0, total: 12 });
  });

  /** Each company's change between the latest stats day and 7 days before it, as the definition says. */
  function movers(count: (s: PlannedStats) => number) {
    const now = '2026-11-20';
    const before = '2026-11-13';
    const names = [...new Set(STATS.filter((s) => (s.date === now || s.date === before) && counted(s.company)).map((s) => s.company))];
    const rows = names.map((name) => {
      const at = (day: string) => STATS.filter((s) => s.company === name && s.date === day).reduce((n, s) => n + count(s), 0);
      return { company_id: idOf(name), company_name: name, count_before: at(before), count_now: at(now), change: at(now) - at(before) };
    });
    const byName = (a: { company_name: string }, b: { company_name: string }) => a.company_name.localeCompare(b.company_name);
    return {
      date: now,
      compared_with: before,
      winners: rows.filter((r) => r.change > 0).sort((a, b) => b.change - a.change || byName(a, b)),
      losers: rows.filter((r) => r.change < 0).sort((a, b) => a.change - b.change || byName(a, b)),
    };
  }

  it('admin_device_winners_and_losers: devices against 7 days before', async () => {
    const data = await widget({ id: 'admin_device_winners_and_losers' });
    expect(data).toEqual({ id: 'admin_device_winners_and_losers', ...movers((s) => s.devices) });
    if (data.id !== 'admin_device_winners_and_losers') throw new Error(data.id);
    expect(data.winners.map((r) => [r.company_name, r.change])).toEqual([
      ['Alpha', 4],
      ['Delta', 2],
    ]);
    expect(data.losers.map((r) => [r.company_name, r.change])).toEqual([
      ['Bravo', -3],
      ['Charlie', -3],
    ]);
  });

  it('admin_booster_winners_and_losers: valid boosters against 7 days before', async () => {
    const data = await widget({ id: 'admin_booster_winners_and_losers' });
    expect(data).toEqual({ id: 'admin_booster_winners_and_losers', ...movers((s) => (boostersValid(s.version) ? boosterSum(s) : 0)) });
    if (data.id !== 'admin_booster_winners_and_losers') throw new Error(data.id);
    expect(data.winners.map((r) => [r.company_name, r.change])).toEqual([
      ['Charlie', 5],
      ['Alpha', 4],
    ]);
    expect(data.losers).toEqual([]);
  });

  it('admin_device_os_usage_by_month: devices in service at each month end by reported OS', async () => {
    const data = await widget({ id: 'admin_device_os_usage_by_month' });
    if (data.id !== 'admin_device_os_usage_by_month') throw new Error(data.id);
    const expected = MONTHS.flatMap((month) => {
      const end = MONTH_ENDS[month];
      if (!end) return [];
      const alive = DEVICES.filter((d) => d.first < end && (!d.deleted || d.deleted >= end));
      const counts = new Map<string, number>();
      for (const d of alive) counts.set(d.os ?? 'Not reported', (counts.get(d.os ?? 'Not reported') ?? 0) + 1);
      return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([os, devices]) => ({ month, os, devices }));
    });
    expect(data.rows).toEqual(expected);
    expect(data.rows.filter((r) => r.month === '2026-11')).toEqual([
      { month: '2026-11', os: 'Windows', devices: 2 },
      { month: '2026-11', os: 'Linux', devices: 1 },
    ]);
  });

  it('admin_servers_by_version: servers in service, newest version first (numerically)', async () => {
    const data = await widget({ id: 'admin_servers_by_version' });
    if (data.id !== 'admin_servers_by_version') throw new Error(data.id);
    const versions = [...new Set(SERVERS.map((s) => s.version || 'Unknown'))];
    const rank = (v: string) => (v === 'Unknown' ? [-1] : v.split('.').map(Number));
    versions.sort((a, b) => {
      const [x, y] = [rank(a), rank(b)];
      for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (y[i] ?? 0) - (x[i] ?? 0);
      return 0;
    });
    expect(data.rows).toEqual(
      versions.map((version) => {
        const on = SERVERS.filter((s) => (s.version || 'Unknown') === version);
        return {
          version,
          servers: on.length,
          companies: new Set(on.map((s) => s.company)).size,
          devices: on.reduce((n, s) => n + s.devices, 0),
        };
      }),
    );
    expect(data.rows.map((r) => r.version)).toEqual(['23.1.0', '22.10.0', '22.9.0', 'Unknown']);
  });

  it('admin_signup_engagement: the funnel of companies that signed up from start_time, by filter', async () => {
    const funnel = (start: Date, keep: (c: PlannedCompany) => boolean) => {
      const from = COMPANIES.filter((c) => !c.internal && c.created_at >= start && keep(c));
      return {
        signed_up: from.length,
        completed_signup: from.filter((c) => c.completed).length,
        downloaded: from.filter((c) => DOWNLOADS.some((d) => d.company === c.name)).length,
        first_device: from.filter(
          (c) => DEVICES.some((d) => d.company === c.name) || STATS.some((s) => s.company === c.name && s.devices > 0),
        ).length,
        paid: from.filter((c) => c.oob || (c.packs ?? []).some((p) => p.cost > 0)).length,
      };
    };
    const october = NZ('2026-10-01T00:00:00');
    expect(await widget({ id: 'admin_signup_engagement', start_time: '2026-10-01' })).toEqual({
      id: 'admin_signup_engagement',
      start_time: '2026-10-01',
      filter: 'all',
      ...funnel(october, () => true),
    });
    expect(await widget({ id: 'admin_signup_engagement', start_time: '2026-10-01', filter: 'distributor_sub_accounts' })).toEqual({
      id: 'admin_signup_engagement',
      start_time: '2026-10-01',
      filter: 'distributor_sub_accounts',
      ...funnel(october, (c) => Boolean(c.distributor)),
    });
    // Without a start: the first day of the month three months back, 1 August, which takes in Foxtrot.
    const all = await widget({ id: 'admin_signup_engagement', filter: 'distributors' });
    expect(all).toEqual({
      id: 'admin_signup_engagement',
      start_time: '2026-08-01',
      filter: 'distributors',
      ...funnel(NZ_WINTER('2026-08-01T00:00:00'), (c) => c.type === 'distributor'),
    });
    expect(funnel(october, () => true)).toEqual({ signed_up: 3, completed_signup: 1, downloaded: 1, first_device: 3, paid: 2 });
  });
});
