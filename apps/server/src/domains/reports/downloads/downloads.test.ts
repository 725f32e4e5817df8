import type { Call } from '@portal/contract/shared/define-call';
import * as c from '@portal/contract/reports/downloads';
import { setDistributorCommission } from '@portal/contract/reports/distributor-usage';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCompany, newCreditPack, newLicence, newTicket } from '../../../test/factories.ts';
import { TestClient, type TestContext, createTestContext, ok } from '../../../test/harness.ts';
import {
  putCharge,
  putDailyStats,
  putLedgerRow,
  setBalance,
  setCompany,
  setLicence,
  setTicketRow,
  usageRowsOf,
} from '../../../test/rows.ts';

/**
 * Each Downloads file against a hand-made fixture (the clock is 2026-11-21 13:00 in Auckland): the expected
 * rows are worked out here from the fixture's own lists, the file is fetched as the browser does (GET with
 * the session cookie) and opened: CSV parsed, XLSX read back with ExcelJS.
 */
let t: TestContext;
let admin: TestClient;
let customer: TestClient;

const at = (s: string) => new Date(s);
const SEPT = at('2026-09-01T00:00:00Z');

type Charge = { company: 'A' | 'B' | 'C'; day: string; kind: 'device' | 'storage'; quantity: number; amount: number };
const CHARGES: Charge[] = [
  { company: 'A', day: '2026-10-05', kind: 'device', quantity: 3, amount: 300 },
  { company: 'A', day: '2026-10-06', kind: 'device', quantity: 5, amount: 500 },
  { company: 'A', day: '2026-11-20', kind: 'device', quantity: 4, amount: 400 },
  { company: 'A', day: '2026-10-05', kind: 'storage', quantity: 100, amount: 50 },
  { company: 'B', day: '2026-10-31', kind: 'device', quantity: 2, amount: 205 },
  { company: 'B', day: '2026-11-01', kind: 'device', quantity: 1, amount: 100 },
  { company: 'C', day: '2026-10-10', kind: 'device', quantity: 1, amount: 100 },
];
/** Each company's one credit pack, added on 1 October (C has none). */
const CREDIT = { A: 10_000, B: 1_000 };
const ids = { A: 0, B: 0, C: 0, D: 0 };
const names = { A: 'Alpha Ltd', B: '=HYPERLINK("http://x.example")', C: 'Gone Ltd', D: 'Dist Co' };
let emails: Record<'A' | 'B', string>;
const tickets: number[] = [];

/** A charge day's ledger time: noon UTC, within the day in Auckland. */
const chargedAt = (day: string) => at(`${day}T00:00:00Z`);

beforeAll(async () => {
  t = await createTestContext({
    REPORTS_ANALYTICS_LINKS: 'Churn by plan=https://analytics.example/q/1\nno address;Trials=ftp://x.example',
  });
  const staff = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin', current_state: 'ACTIVE' });
  admin = new TestClient(t.app);
  await admin.login(staff.user.email);
  const born = { created_at: SEPT, current_state_applied_at: SEPT, current_state: 'ACTIVE' as const };
  const d = await newCompany(t.db, { ...born, company_name: names.D, company_type: 'distributor' });
  const a = await newCompany(t.db, { ...born, company_name: names.A, distributor_id: d.company.id, has_contract_billing: true });
  const b = await newCompany(t.db, { ...born, company_name: names.B, distributor_id: d.company.id });
  const cc = await newCompany(t.db, { ...born, company_name: names.C });
  Object.assign(ids, { A: a.company.id, B: b.company.id, C: cc.company.id, D: d.company.id });
  emails = { A: a.user.email, B: b.user.email };
  customer = new TestClient(t.app);
  await customer.login(a.user.email);

  // B is suspended on 15 November and C deleted on 10 November (Auckland), each change kept by the trigger.
  await setCompany(t, ids.B, { current_state: 'SUSPENDED', current_state_applied_at: at('2026-11-15T01:00:00Z') });
  await setCompany(t, ids.C, {
    current_state: 'DELETED',
    current_state_applied_at: at('2026-11-10T01:00:00Z'),
    deleted_at: at('2026-11-10T01:00:00Z'),
  });

  const packs = {
    A: await newCreditPack(t.db, at('2026-10-01T00:00:00Z'), ids.A, { amount: CREDIT.A }),
    B: await newCreditPack(t.db, at('2026-10-01T00:00:00Z'), ids.B, { amount: CREDIT.B }),
  };
  for (const ch of CHARGES)
    await putCharge(t, { company_id: ids[ch.company], charge_day: ch.day, kind: ch.kind, quantity: ch.quantity, amount: ch.amount });
  for (const key of ['A', 'B'] as const) {
    for (const usage of await usageRowsOf(t, ids[key])) {
      // Each charge is paid from the company's pack.
      await putLedgerRow(t, {
        company_id: ids[key],
        usage_id: usage.id,
        pack_id: packs[key].id,
        kind: 'charge',
        amount: -usage.amount,
        created_at: chargedAt(usage.charge_day),
      });
    }
  }
  for (const key of ['A', 'B'] as const) await setBalance(t, ids[key], CREDIT[key] - sum(CHARGES.filter((x) => x.company === key)));

  await putDailyStats(t, { company_id: ids.A, date: '2026-11-19', device_count: 3 });
  await putDailyStats(t, {
    company_id: ids.A,
    date: '2026-11-20',
    device_count: 4,
    booster_count: 2,
    storage_amount_bytes: 1000,
    server_version: '24.9.0',
  });
  await putDailyStats(t, { company_id: ids.B, date: '2026-11-18', device_count: 1 });

  // Licences: two of A's on 24.9.0, B's on 24.8.0.
  const licences: { company: number; version: string; clients: number; boosters: Record<string, number> }[] = [
    { company: ids.A, version: '24.9.0', clients: 3, boosters: { microsoft365: 4 } },
    { company: ids.A, version: '24.9.0', clients: 2, boosters: {} },
    { company: ids.B, version: '24.8.0', clients: 1, boosters: { vmware: 2 } },
  ];
  for (const l of licences) {
    const made = await newLicence(t.db, at('2026-10-01T00:00:00Z'), l.company);
    const boosters = Object.values(l.boosters).reduce((s: number, n) => s + n, 0);
    await setLicence(t, made.serial_number, {
      server_version: l.version,
      num_clients_online: l.clients,
      num_boosters_online: boosters,
      booster_counts: l.boosters,
    });
  }

  // Tickets: B's opened 10 Oct, closed 5 Nov by staff (bug fixed); A's opened 20 Oct and still open; A's opened
  // 2 Nov and closed 3 Nov by A ('other').
  const specs = [
    {
      company: ids.B,
      opened: '2026-10-10T01:00:00Z',
      closed: '2026-11-05T01:00:00Z',
      reason: 'resolved',
      other: null,
      resolution: 'yes-bug-fixed',
      by: staff.user.id,
    },
    { company: ids.A, opened: '2026-10-20T01:00:00Z', closed: null, reason: null, other: null, resolution: null, by: null },
    {
      company: ids.A,
      opened: '2026-11-02T01:00:00Z',
      closed: '2026-11-03T01:00:00Z',
      reason: 'other',
      other: 'Found it in the docs',
      resolution: 'no',
      by: a.user.id,
    },
  ] as const;
  for (const s of specs) {
    const made = await newTicket(t.db, at(s.opened), s.company, { subject: `Ticket of ${s.company}` });
    tickets.push(made);
    if (s.closed) {
      await setTicketRow(t, made, {
        open: false,
        closed_at: at(s.closed),
        closed_reason: s.reason,
        closed_other_reason: s.other,
        closed_resolution: s.resolution,
        closed_by_user_id: s.by,
      });
    }
  }
});
afterAll(() => t.close());

function sum(charges: Charge[]): number {
  return charges.reduce((s, x) => s + x.amount, 0);
}

/** RFC 4180: quoted fields, doubled quotes, commas and newlines inside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (quoted || (ch !== ',' && ch !== '\n' && ch !== '\r')) {
      field += ch;
    } else if (ch === ',') {
      endField();
    } else if (ch === '\n') {
      endField();
      rows.push(row);
      row = [];
    }
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

async function readXlsx(body: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Report');
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

type Opened = { header: string[]; rows: Record<string, string>[]; raw: Record<string, unknown>[] };

/** Fetches a file as a link or form submit does and opens it: each row as text by column. */
async function download(client: TestClient, call: Call, query: Record<string, string>): Promise<Opened> {
  const res = await client.get(`${call.path}?${new URLSearchParams(query)}`);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const format = query.format ?? 'csv';
  expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="[\\w.-]+\\.${format}"$`));
  const table = format === 'csv' ? parseCsv(res.body) : await readXlsx(res.rawPayload);
  const [header = [], ...body] = table;
  const names = header.map(String);
  const raw = body.map((r) => Object.fromEntries(names.map((n, i) => [n, r[i]])));
  const rows = raw.map((r) => Object.fromEntries(names.map((n) => [n, String(r[n] ?? '')])));
  return { header: names, rows, raw };
}

const text = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v ?? '')]));
const ofFixture = <R extends Record<string, unknown>>(rows: R[], key = 'company_id') =>
  rows.filter((r) => Object.values(ids).map(String).includes(String(r[key])));

describe('the Downloads files', () => {
  it('are for admins only, and the POST answers the file name', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(c.reportBalances.path)).statusCode).toBe(401);
    expect((await customer.get(c.reportBalances.path)).statusCode).toBe(403);
    expect((await customer.get(`${c.dailyGeneralReport.path}?date_of_download=2026-11-20`)).statusCode).toBe(403);
    const named = await admin.call(c.reportBalances, { format: 'xlsx' });
    expect(named).toMatchObject({ status: 'ok', data: { filename: 'balances-2026-11-21.xlsx' } });
  });

  it('the analytics links are the configured ones with a web address', async () => {
    const res = await admin.call(c.reportAnalyticsLinks, {});
    expect(res).toMatchObject({ status: 'ok', data: { links: [{ label: 'Churn by plan', url: 'https://analytics.example/q/1' }] } });
    expect((await customer.call(c.reportAnalyticsLinks, {})).code).toBe(403);
  });

  it('refuse a month before the first, a month to come and a start after the end', async () => {
    const early = await admin.get(`${c.reportFeedbacks.path}?year_month=2022-12`);
    expect(early.statusCode).toBe(400);
    expect(early.json().data.fields.year_month).toBe(c.monthTooEarlyMessage('2023-01'));
    expect((await admin.get(`${c.reportNebula.path}?year_month=2022-01`)).statusCode).toBe(200);
    expect((await admin.get(`${c.reportNebula.path}?year_month=2021-12`)).statusCode).toBe(400);
    const future = await admin.get(`${c.reportNebula.path}?year_month=2026-12`);
    expect(future.json().data.fields.year_month).toBe(c.MONTH_IN_FUTURE_MESSAGE);
    const backwards = await admin.get(`${c.enterpriseDeals.path}?start_date=2026-10-31&end_date=2026-10-01`);
    expect(backwards.json().data.fields.start_date).toBe(c.START_AFTER_END_MESSAGE);
  });

  it('daily general report: each company as it stood at the end of the day, deleted ones on request', async () => {
    const ledgerUntil = (key: 'A' | 'B', day: string) => CREDIT[key] - sum(CHARGES.filter((x) => x.company === key && x.day <= day));
    const expected = (day: string, withDeleted: boolean) => {
      const state = (key: 'A' | 'B' | 'C' | 'D') =>
        key === 'B' && day >= '2026-11-15' ? 'SUSPENDED' : key === 'C' && day >= '2026-11-10' ? 'DELETED' : 'ACTIVE';
      const stats: Record<string, [number, number, number, string]> = {
        'A 2026-11-20': [4, 2, 1000, '24.9.0'],
        'A 2026-11-19': [3, 0, 0, ''],
        'B 2026-11-18': [1, 0, 0, ''],
      };
      return (['D', 'A', 'B', 'C'] as const)
        .filter((key) => withDeleted || key !== 'C' || day < '2026-11-10')
        .map((key) => {
          const [devices, boosters, storage, version] = stats[`${key} ${day}`] ?? [0, 0, 0, ''];
          return {
            company_id: ids[key],
            company_name: key === 'B' ? `'${names.B}` : names[key],
            state: state(key),
            balance_cents: key === 'A' || key === 'B' ? ledgerUntil(key, day) : 0,
            device_count: devices,
            booster_count: boosters,
            storage_amount_bytes: storage,
            server_version: version,
            charged_cents: sum(CHARGES.filter((x) => x.company === key && x.day === day)),
          };
        })
        .sort((x, y) => x.company_id - y.company_id)
        .map(text);
    };
    const pick = (rows: Record<string, string>[]) =>
      ofFixture(rows).map((r) => {
        const {
          company_id,
          company_name,
          state,
          balance_cents,
          device_count,
          booster_count,
          storage_amount_bytes,
          server_version,
          charged_cents,
        } = r;
        return {
          company_id,
          company_name,
          state,
          balance_cents,
          device_count,
          booster_count,
          storage_amount_bytes,
          server_version,
          charged_cents,
        };
      });
    const nov20 = await download(admin, c.dailyGeneralReport, { date_of_download: '2026-11-20', format: 'csv' });
    expect(nov20.header.slice(0, 4)).toEqual(['company_id', 'company_name', 'company_type', 'state']);
    expect(pick(nov20.rows)).toEqual(expected('2026-11-20', false));
    const withDeleted = await download(admin, c.dailyGeneralReport, {
      date_of_download: '2026-11-20',
      include_extra_data: 'on',
    });
    expect(pick(withDeleted.rows)).toEqual(expected('2026-11-20', true));
    // The spreadsheet is for people: headers in words, the formula-like name plain text, money in dollars.
    const sheet = await download(admin, c.dailyGeneralReport, { date_of_download: '2026-11-20', include_extra_data: 'on', format: 'xlsx' });
    expect(sheet.header.slice(0, 4)).toEqual(['Company ID', 'Company name', 'Company type', 'State']);
    expect(sheet.raw.find((r) => String(r['Company ID']) === String(ids.B))?.['Company name']).toBe(names.B);
    const balanceA = withDeleted.rows.find((r) => r.company_id === String(ids.A))?.balance_cents;
    expect(sheet.raw.find((r) => String(r['Company ID']) === String(ids.A))?.Balance).toBe(Number(balanceA) / 100);
    const nov5 = await download(admin, c.dailyGeneralReport, { date_of_download: '2026-11-05' });
    expect(pick(nov5.rows)).toEqual(expected('2026-11-05', false));
  });

  it('enterprise deals and usage by month: days charged, average and peak daily quantity, amount', async () => {
    const summary = (keys: ('A' | 'B' | 'C')[], from: string, to: string) =>
      keys.flatMap((key) => {
        const groups = new Map<string, Charge[]>();
        for (const ch of CHARGES.filter((x) => x.company === key && x.day >= from && x.day <= to)) {
          groups.set(ch.kind, [...(groups.get(ch.kind) ?? []), ch]);
        }
        return [...groups.entries()]
          .sort(([x], [y]) => x.localeCompare(y))
          .map(([kind, list]) =>
            text({
              company_id: ids[key],
              kind,
              days_charged: list.length,
              average_daily_quantity: list.reduce((s, x) => s + x.quantity, 0) / list.length,
              peak_daily_quantity: Math.max(...list.map((x) => x.quantity)),
              amount_cents: sum(list),
            }),
          );
      });
    const pick = (rows: Record<string, string>[]) =>
      ofFixture(rows).map(({ company_id, kind, days_charged, average_daily_quantity, peak_daily_quantity, amount_cents }) => ({
        company_id,
        kind,
        days_charged,
        average_daily_quantity,
        peak_daily_quantity,
        amount_cents,
      }));
    const deals = await download(admin, c.enterpriseDeals, { start_date: '2026-10-01', end_date: '2026-10-31' });
    expect(pick(deals.rows)).toEqual(summary(['A'], '2026-10-01', '2026-10-31'));
    const october = await download(admin, c.reportNebula, { year_month: '2026-10' });
    expect(pick(october.rows)).toEqual(summary(['A', 'B', 'C'], '2026-10-01', '2026-10-31'));
  });

  it('commission: last month’s sub-account usage, DIRECT and INDIRECT, the percentages of usage without storage rounded up', async () => {
    ok(await admin.call(setDistributorCommission, { id: ids.D, discount_percent: 13, indirect_commission_percent: 7 }));
    const october = (key: 'A' | 'B') => CHARGES.filter((x) => x.company === key && x.day.startsWith('2026-10'));
    // A has contract billing (DIRECT), B buys its own credit (INDIRECT).
    const direct = sum(october('A'));
    const directStorage = sum(october('A').filter((x) => x.kind === 'storage'));
    const indirect = sum(october('B'));
    const file = await download(admin, c.reportCommission, { format: 'csv' });
    expect(ofFixture(file.rows, 'distributor_id')).toEqual([
      text({
        distributor_id: ids.D,
        distributor_name: names.D,
        sub_account_count: 2,
        direct_usage_cents: direct,
        direct_storage_cents: directStorage,
        discount_percent: 13,
        discount_cents: Math.ceil(((direct - directStorage) * 13) / 100),
        indirect_usage_cents: indirect,
        indirect_storage_cents: 0,
        indirect_commission_percent: 7,
        indirect_commission_cents: Math.ceil((indirect * 7) / 100),
      }),
    ]);
  });

  it('balances and consumption: one row per company not deleted', async () => {
    const balances = await download(admin, c.reportBalances, { format: 'csv' });
    const charged = (key: 'A' | 'B') => sum(CHARGES.filter((x) => x.company === key));
    expect(
      ofFixture(balances.rows).map(({ company_id, balance_cents, credit_received_cents, charged_cents, expired_cents }) => ({
        company_id,
        balance_cents,
        credit_received_cents,
        charged_cents,
        expired_cents,
      })),
    ).toEqual(
      [
        { company_id: ids.D, balance_cents: 0, credit_received_cents: 0, charged_cents: 0, expired_cents: 0 },
        {
          company_id: ids.A,
          balance_cents: CREDIT.A - charged('A'),
          credit_received_cents: CREDIT.A,
          charged_cents: charged('A'),
          expired_cents: 0,
        },
        {
          company_id: ids.B,
          balance_cents: CREDIT.B - charged('B'),
          credit_received_cents: CREDIT.B,
          charged_cents: charged('B'),
          expired_cents: 0,
        },
      ]
        .sort((x, y) => x.company_id - y.company_id)
        .map(text),
    );
    const consumption = await download(admin, c.reportConsumption, { format: 'csv' });
    const month = (key: 'A' | 'B', m: string) => sum(CHARGES.filter((x) => x.company === key && x.day.startsWith(m)));
    expect(ofFixture(consumption.rows).map(({ company_name: _n, company_type: _t, distributor_id: _d, ...r }) => r)).toEqual(
      [
        {
          company_id: ids.D,
          charged_last_month_cents: 0,
          charged_this_month_cents: 0,
          stats_date: '',
          device_count: 0,
          booster_count: 0,
          storage_amount_bytes: 0,
        },
        {
          company_id: ids.A,
          charged_last_month_cents: month('A', '2026-10'),
          charged_this_month_cents: month('A', '2026-11'),
          stats_date: '2026-11-20',
          device_count: 4,
          booster_count: 2,
          storage_amount_bytes: 1000,
        },
        {
          company_id: ids.B,
          charged_last_month_cents: month('B', '2026-10'),
          charged_this_month_cents: month('B', '2026-11'),
          stats_date: '2026-11-18',
          device_count: 1,
          booster_count: 0,
          storage_amount_bytes: 0,
        },
      ]
        .sort((x, y) => x.company_id - y.company_id)
        .map(text),
    );
  });

  it('server telemetry and customers by server version', async () => {
    const features = await download(admin, c.reportServerFeatures, { format: 'csv' });
    expect(
      ofFixture(features.rows).map((r) => [
        r.company_id,
        r.server_version,
        r.device_count,
        r.booster_count,
        r.booster_microsoft365,
        r.booster_vmware,
      ]),
    ).toEqual([
      [String(ids.A), '24.9.0', '3', '4', '4', '0'],
      [String(ids.A), '24.9.0', '2', '0', '0', '0'],
      [String(ids.B), '24.8.0', '1', '2', '0', '2'],
    ]);
    const onVersion = await download(admin, c.reportCustomersByServerVersion, { version_key: '24.9.0' });
    expect(onVersion.header).toEqual(['company_id', 'company_name', 'primary_email', 'server_count', 'device_count']);
    const sheet = await download(admin, c.reportCustomersByServerVersion, { version_key: '24.9.0', format: 'xlsx' });
    expect(sheet.header).toEqual(['Company ID', 'Company name', 'Primary email', 'Server count', 'Device count']);
    expect(ofFixture(onVersion.rows)).toEqual([
      text({ company_id: ids.A, company_name: names.A, primary_email: emails.A, server_count: 2, device_count: 5 }),
    ]);
  });

  it('ticket statistics: the last 12 months', async () => {
    const file = await download(admin, c.reportTickets, { format: 'csv' });
    const months = Array.from({ length: 12 }, (_, i) => `${i === 0 ? 2025 : 2026}-${String(i === 0 ? 12 : i).padStart(2, '0')}`);
    const zero = { opened: 0, closed: 0, closed_resolved: 0, closed_expired: 0, closed_other: 0, closed_update_required: 0 };
    const byMonth: Record<string, Partial<typeof zero> & { open_at_month_end?: number }> = {
      '2026-10': { opened: 2, open_at_month_end: 2 },
      '2026-11': { opened: 1, closed: 2, closed_resolved: 1, closed_other: 1, closed_update_required: 1, open_at_month_end: 1 },
    };
    expect(file.rows).toEqual(months.map((month) => text({ month, ...zero, open_at_month_end: 0, ...byMonth[month] })));
  });

  it('feedback: ticket closings, then accounts leaving, in the month', async () => {
    const file = await download(admin, c.reportFeedbacks, { year_month: '2026-11', format: 'csv' });
    expect(
      ofFixture(file.rows).map(({ source, occurred_at, company_id, reason, other_reason, update_required, given_by }) => ({
        source,
        occurred_at,
        company_id,
        reason,
        other_reason,
        update_required,
        given_by,
      })),
    ).toEqual(
      [
        {
          source: 'ticket closed',
          occurred_at: '2026-11-05 14:00:00',
          company_id: ids.B,
          reason: 'resolved',
          other_reason: '',
          update_required: 'yes-bug-fixed',
          given_by: 'staff',
        },
        {
          source: 'ticket closed',
          occurred_at: '2026-11-03 14:00:00',
          company_id: ids.A,
          reason: 'other',
          other_reason: 'Found it in the docs',
          update_required: 'no',
          given_by: 'customer',
        },
        {
          source: 'account suspended',
          occurred_at: '2026-11-15 14:00:00',
          company_id: ids.B,
          reason: '',
          other_reason: '',
          update_required: '',
          given_by: '',
        },
        {
          source: 'account deleted',
          occurred_at: '2026-11-10 14:00:00',
          company_id: ids.C,
          reason: '',
          other_reason: '',
          update_required: '',
          given_by: '',
        },
      ].map(text),
    );
    expect(tickets).toHaveLength(3);
  });
});
