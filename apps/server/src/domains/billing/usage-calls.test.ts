import { DATE_FORMAT_MESSAGE, DAY_IN_FUTURE_MESSAGE, FROM_AFTER_TO_MESSAGE } from '@portal/contract/billing/fields';
import { billingHistory, userMyUsageTable } from '@portal/contract/billing/usage';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { TestClient, type TestContext, createTestContext, newCompany, signedInCompany } from '../../test/harness.ts';
import { setCompany } from '../../test/rows.ts';
import { addDays } from './days.ts';
import * as billing from './service.ts';

const DAY = 86_400_000;
let t: TestContext;
type Signed = Awaited<ReturnType<typeof newCompany>> & { client: TestClient };
let customer: Signed;
let other: Signed;
let admin: TestClient;

/** Signed in at the clock's time, after the history was written (a session made weeks earlier has lapsed). */
async function signIn(made: Awaited<ReturnType<typeof newCompany>>): Promise<Signed> {
  return { ...made, client: await new TestClient(t.app).useSession(t.db, t.clock, made.user.id) };
}

const ctx = () => jobContext(t);
const call = (c: TestClient, input: Parameters<TestClient['call']>[1] = {}) => c.call(userMyUsageTable, input);

/**
 * Five charge days, 29 October to 2 November 2026 (Auckland), for two companies: devices (monthly, once)
 * and Hyper-V boosters (daily). Listed on 21 November, so October is final and November is not.
 */
beforeAll(async () => {
  t = await createTestContext();
  t.clock.set(new Date('2026-10-29T00:00:00Z'));
  const made = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
  const madeOther = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
  const first = billing.billingDayOf(t);
  const [a, b] = [made.company.id, madeOther.company.id];
  await billing.addCredit(ctx(), { company_id: a, name: 'Soon', amount: 300, source: 'admin', added_by_user: 'Ada', expiry_days: 20 });
  await billing.addCredit(ctx(), { company_id: a, name: 'Never', amount: 100_000, source: 'admin', added_by_user: 'Ada' });
  await billing.addCredit(ctx(), { company_id: b, name: 'Theirs', amount: 100_000, source: 'admin', added_by_user: 'Ada' });
  for (let d = 0; d < 5; d++) {
    const date = addDays(first, d);
    await billing.recordDailyStats(ctx(), { company_id: a, date, device_count: 2, boosters: { hyperv: 4 } });
    await billing.recordDailyStats(ctx(), { company_id: b, date, device_count: 1, boosters: { vmware: 2 } });
  }
  for (let d = 0; d < 5; d++) {
    await billing.runDailyCharging(ctx());
    t.clock.advance(DAY);
  }
  t.clock.set(new Date('2026-11-21T00:00:00Z'));
  customer = await signIn(made);
  other = await signIn(madeOther);
  admin = (await signedInCompany(t, { company_type: 'admin', current_state: 'ACTIVE' })).client;
});
afterAll(() => t.close());

describe('UserMyUsageTable.json', () => {
  it('lists the company’s own charges, newest day first, with the packs that paid each', async () => {
    const res = await call(customer.client);
    expect(res.status).toBe('ok');
    if (res.status !== 'ok') return;
    expect(res.data.total).toBe(6);
    expect(res.data.rows.map((r) => [r.usage.date_used, r.type])).toEqual([
      ['2026-11-02', 'booster'],
      ['2026-11-01', 'booster'],
      ['2026-10-31', 'booster'],
      ['2026-10-30', 'booster'],
      ...(res.data.rows.slice(4).map((r) => ['2026-10-29', r.type]) as [string, string][]),
    ]);
    expect(new Set(res.data.rows.slice(4).map((r) => r.type))).toEqual(new Set(['device', 'booster']));
    const device = res.data.rows.find((r) => r.type === 'device');
    expect(device).toMatchObject({ device: 2, booster: null, usage: { amount_used: 400 }, service_pricing: '$2.00 per device per month' });
    const booster = res.data.rows[0];
    expect(booster).toMatchObject({ device: null, booster: 4, usage: { amount_used: 20 } });
    // The first day drew from the soonest-expiring pack first; its deductions add up to its charge.
    const firstDay = res.data.rows.slice(4);
    const paid = firstDay.flatMap((r) => r.topup_deductions);
    expect(paid.filter((d) => d.topup_name === 'Soon').reduce((s, d) => s + d.topup_amount_deducted, 0)).toBe(300);
    for (const r of res.data.rows) expect(r.topup_deductions.reduce((s, d) => s + d.topup_amount_deducted, 0)).toBe(r.usage.amount_used);
    expect(paid.find((d) => d.topup_name === 'Soon')?.topup_expiry).toBe('2026-11-18T00:00:00.000Z');
    expect(res.data.rows[0]?.topup_deductions).toEqual([{ topup_name: 'Never', topup_amount_deducted: 20, topup_expiry: null }]);
  });

  it('flags the current month in Auckland as not finalized', async () => {
    const res = await call(customer.client);
    if (res.status !== 'ok') throw new Error(res.message);
    const flags = Object.fromEntries(res.data.rows.map((r) => [r.usage.date_used, r.not_finalized]));
    expect(flags).toEqual({ '2026-11-02': true, '2026-11-01': true, '2026-10-31': false, '2026-10-30': false, '2026-10-29': false });
    // At 11:30 UTC on 30 November it is already 1 December in Auckland: November is then final.
    t.clock.set(new Date('2026-11-30T11:30:00Z'));
    const later = await call((await signIn(customer)).client);
    t.clock.set(new Date('2026-11-21T00:00:00Z'));
    if (later.status !== 'ok') throw new Error(later.message);
    expect(later.data.rows.every((r) => !r.not_finalized)).toBe(true);
  });

  it('pages, with the total of every page', async () => {
    const one = await call(customer.client, { page: 1, page_size: 4 });
    const two = await call(customer.client, { page: 2, page_size: 4 });
    const past = await call(customer.client, { page: 9, page_size: 4 });
    if (one.status !== 'ok' || two.status !== 'ok' || past.status !== 'ok') throw new Error('paging failed');
    expect([one.data.rows.length, two.data.rows.length, past.data.rows.length]).toEqual([4, 2, 0]);
    expect([one.data.total, two.data.total, past.data.total]).toEqual([6, 6, 6]);
    expect(new Set([...one.data.rows, ...two.data.rows].map((r) => r.id)).size).toBe(6);
  });

  it('searches the kind, the details and the pricing text', async () => {
    const hyperv = await call(customer.client, { target_search_query: 'hyper-v' });
    const devices = await call(customer.client, { target_search_query: 'DEVICE' });
    const none = await call(customer.client, { target_search_query: '100%_' });
    if (hyperv.status !== 'ok' || devices.status !== 'ok' || none.status !== 'ok') throw new Error('search failed');
    expect(hyperv.data.total).toBe(5);
    expect(devices.data.rows.map((r) => r.type)).toEqual(['device']);
    expect(none.data).toEqual({ rows: [], total: 0 });
  });

  it('keeps From and To inclusive, and refuses a day after today, From after To, and a day that does not exist', async () => {
    const range = await call(customer.client, { target_from: '2026-10-30', target_to: '2026-11-01' });
    if (range.status !== 'ok') throw new Error(range.message);
    expect(range.data.rows.map((r) => r.usage.date_used)).toEqual(['2026-11-01', '2026-10-31', '2026-10-30']);
    // Today in Auckland is 21 November (13:00): the day is allowed, the next is not.
    expect((await call(customer.client, { target_to: '2026-11-21' })).status).toBe('ok');
    expect(await call(customer.client, { target_to: '2026-11-22' })).toMatchObject({
      code: 400,
      data: { fields: { target_to: DAY_IN_FUTURE_MESSAGE } },
    });
    expect(await call(customer.client, { target_from: '2026-11-22' })).toMatchObject({
      code: 400,
      data: { fields: { target_from: DAY_IN_FUTURE_MESSAGE } },
    });
    expect(await call(customer.client, { target_from: '2026-11-02', target_to: '2026-11-01' })).toMatchObject({
      code: 400,
      data: { fields: { target_from: FROM_AFTER_TO_MESSAGE } },
    });
    expect(await call(customer.client, { target_from: '2026-02-30' })).toMatchObject({
      code: 400,
      data: { fields: { target_from: DATE_FORMAT_MESSAGE } },
    });
  });

  it('answers an empty table for a company with no usage, and only ever the caller’s own rows', async () => {
    const fresh = await signedInCompany(t, { current_state: 'ACTIVE' });
    expect((await call(fresh.client)).data).toEqual({ rows: [], total: 0 });
    const theirs = await call(other.client);
    if (theirs.status !== 'ok') throw new Error(theirs.message);
    expect(theirs.data.total).toBe(6);
    expect(theirs.data.rows.flatMap((r) => r.topup_deductions.map((d) => d.topup_name))).not.toContain('Never');
    expect(theirs.data.rows.some((r) => r.service_pricing.includes('Hyper-V'))).toBe(false);
  });

  it('is closed to a sub-account whose distributor hides credit and usage', async () => {
    const dist = await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE' });
    const sub = await signedInCompany(t, { current_state: 'ACTIVE', distributor_id: dist.company.id });
    expect((await call(sub.client)).status).toBe('ok');
    await setCompany(t, sub.company.id, { can_view_billing_credit_usage: false });
    expect(await call(sub.client)).toMatchObject({ code: 403 });
  });
});

describe('billing_history export', () => {
  const exportOf = (c: TestClient, format: string, input: Record<string, unknown> = {}) =>
    c.post(`${billingHistory.path}?format=${format}`, input);

  it('exports the usage as CSV, one column per value, with the packs used as text', async () => {
    const res = await exportOf(customer.client, 'csv', { target_from: '2026-11-01' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="usage-history.csv"');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('date_used,type,details,service_pricing,amount_used_cents,packs_used,not_finalized');
    expect(lines.slice(1)).toEqual([
      '2026-11-02,booster,,$0.05 per Hyper-V virtual machine per day,20,Never: 20,true',
      '2026-11-01,booster,,$0.05 per Hyper-V virtual machine per day,20,Never: 20,true',
    ]);
  });

  it('exports XLSX for people: named usage-history, words for headers, dollars in a currency format, real dates, Yes/No', async () => {
    const res = await exportOf(customer.client, 'xlsx', { page: 1, page_size: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="usage-history.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.rowCount).toBe(7);
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Date used',
      'Type',
      'Details',
      'Service pricing',
      'Amount used',
      'Packs used',
      'Not finalized',
    ]);
    const newest = sheet?.getRow(2);
    expect(newest?.getCell(1).value).toEqual(new Date('2026-11-02T00:00:00Z'));
    expect(newest?.getCell(1).numFmt).toBe('yyyy-mm-dd');
    expect(newest?.getCell(5).value).toBe(0.2);
    expect(newest?.getCell(5).numFmt).toContain('$');
    expect(newest?.getCell(7).value).toBe('Yes');
    expect(sheet?.getRow(7).getCell(1).value).toEqual(new Date('2026-10-29T00:00:00Z'));
  });

  it('gives admins any company’s history by target_company_id, and no customer another company’s', async () => {
    const res = await admin.call(billingHistory, { target_company_id: customer.company.id });
    if (res.status !== 'ok') throw new Error(res.message);
    expect(res.data.total).toBe(6);
    expect(await other.client.call(billingHistory, { target_company_id: customer.company.id })).toMatchObject({ code: 404 });
    const own = await customer.client.call(billingHistory, { target_company_id: customer.company.id });
    expect(own.status).toBe('ok');
    const csv = await exportOf(other.client, 'csv', { target_company_id: customer.company.id });
    expect(csv.statusCode).toBe(404);
  });
});
