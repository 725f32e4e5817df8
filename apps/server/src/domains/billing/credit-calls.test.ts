import {
  adminCreateCreditPack,
  adminExpireCreditPack,
  adminListCreditPacks,
  listCreditPacks,
  PACK_ALREADY_EXPIRED,
} from '@portal/contract/billing/credit-packs';
import { companyEventList } from '@portal/contract/companies/company-lookups';
import { balanceHistory, creditSummary } from '@portal/contract/billing/summary';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { newCreditPack } from '../../test/factories.ts';
import { TestClient, type TestContext, createTestContext, newCompany, signedInCompany, ok } from '../../test/harness.ts';
import { creditPacksOf, ledgerRowsOf, setCompany } from '../../test/rows.ts';
import { addDays } from './days.ts';
import * as billing from './service.ts';

const DAY = 86_400_000;
let t: TestContext;
let adminUserId: number;
/** A fresh admin session at the clock's time (tests move the clock past a session's idle limit). */
let admin: TestClient;

beforeAll(async () => {
  t = await createTestContext();
  adminUserId = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user.id;
});
beforeEach(async () => {
  admin = await new TestClient(t.app).useSession(t.db, t.clock, adminUserId);
});
afterAll(() => t.close());

const ctx = () => jobContext(t);
const customer = (o: Parameters<typeof newCompany>[1] = {}) => signedInCompany(t, { current_state: 'ACTIVE', plan_id: 'Growth', ...o });
const pack = (companyId: number, o: Parameters<typeof newCreditPack>[3] = {}) => newCreditPack(t.db, t.clock.now(), companyId, o);

/** Moves to days no earlier test has charged (the daily run is one for all companies). */
const nextWeek = () => t.clock.advance(7 * DAY);
/** Hyper-V boosters, 5 cents each a day: `cents` charged on each of `days` days from today, one run a day. */
async function chargeDaily(companyId: number, cents: number, days: number) {
  const today = billing.billingDayOf(t);
  for (let d = 0; d < days; d++) {
    await billing.recordDailyStats(ctx(), {
      company_id: companyId,
      date: addDays(today, d),
      device_count: 3,
      boosters: { hyperv: cents / 5 },
    });
  }
  for (let d = 0; d < days; d++) {
    await billing.runDailyCharging(ctx());
    t.clock.advance(DAY);
  }
}

describe('list_credit_packs (customer)', () => {
  it('pages the company’s packs 5 at a time, usable first then newest, with the balance', async () => {
    const c = await customer();
    // The soonest to expire, so the first charge draws from it until it is used up.
    const used = await pack(c.company.id, { name: 'Used up', amount: 100, expiry_days: 5 });
    const expired = await pack(c.company.id, { name: 'Expired', amount: 500, expiry_days: 1 });
    t.clock.advance(2 * DAY);
    for (let i = 1; i <= 5; i++) {
      await pack(c.company.id, { name: `Pack ${i}`, amount: 1000 * i, expiry_days: i === 5 ? 30 : null });
      t.clock.advance(60_000);
    }
    // A day of charges larger than the used pack spends it through the ledger: 100 of boosters, 600 of devices.
    await chargeDaily(c.company.id, 100, 1);
    const client = await new TestClient(t.app).useSession(t.db, t.clock, c.user.id);
    const first = ok(await client.call(listCreditPacks, {}));
    expect(first.data.total).toBe(7);
    expect(first.data.rows.map((r) => r.name)).toEqual(['Pack 5', 'Pack 4', 'Pack 3', 'Pack 2', 'Pack 1']);
    const second = ok(await client.call(listCreditPacks, { page: 2 }));
    expect(second.data.rows.map((r) => [r.name, r.display, r.remaining, r.is_expired])).toEqual([
      ['Expired', 'expired', 0, true],
      ['Used up', 'empty', 0, true],
    ]);
    expect(second.data.rows.find((r) => r.id === used.id)).toMatchObject({ amount: 100, amount_used: 100 });
    expect(second.data.rows.find((r) => r.id === expired.id)?.expiry_date).not.toBeNull();
    // Credit added, less the day's 700 cents and the expired pack's 500 (its expire row).
    expect(first.data.balance).toBe(100 + 500 + 15_000 - 700 - 500);
    expect(first.data.rows[0]).toMatchObject({ display: 'remaining', amount: 5000, is_expired: false, added_by_user: 'Test' });
    expect(first.data.balance).toBe(await billing.balanceOf(ctx(), { companyId: c.company.id }));
  });

  it('is refused to a contract-billing company, which does not see its balance, and to a sub-account whose distributor hides credit', async () => {
    const contract = await customer({ has_contract_billing: true });
    expect(await contract.client.call(listCreditPacks, {})).toMatchObject({ code: 403 });
    const dist = await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE' });
    const sub = await customer({ distributor_id: dist.company.id, can_view_billing_credit_usage: false });
    expect(await sub.client.call(listCreditPacks, {})).toMatchObject({ code: 403 });
  });

  it('never shows another company’s packs', async () => {
    const mine = await customer();
    const theirs = await customer();
    await pack(theirs.company.id, { name: 'Theirs', amount: 777 });
    expect(ok(await mine.client.call(listCreditPacks, {})).data).toEqual({ rows: [], total: 0, balance: 0 });
  });
});

describe('admin credit packs', () => {
  it('creates a pack in cents with an expiry in days and the two flags, moves the balance and writes the history', async () => {
    const c = await customer();
    const res = ok(
      await admin.call(adminCreateCreditPack, {
        target_id: c.company.id,
        target_name: 'Goodwill',
        target_cost: 1250,
        target_amount: 2599,
        target_expiry_days: 30,
        target_create_billing_entry: false,
        target_is_oob_payment: true,
      }),
    );
    expect(res.data).toMatchObject({
      company_id: c.company.id,
      name: 'Goodwill',
      amount: 2599,
      cost: 1250,
      remaining: 2599,
      source: 'admin',
      creates_billing_entry: false,
      is_oob_payment: true,
      expiry_date: new Date(t.clock.now().getTime() + 30 * DAY).toISOString(),
    });
    expect(res.data.added_by_user).toContain('Test User');
    expect(await billing.balanceOf(ctx(), { companyId: c.company.id })).toBe(2599);
    expect((await ledgerRowsOf(t, c.company.id)).map((r) => [r.kind, r.amount, r.pack_id])).toEqual([['credit', 2599, res.data.id]]);
    const events = ok(await admin.call(companyEventList, { target_id: c.company.id })).data.rows.map((r) => r.event);
    expect(events).toContain("Credit pack 'Goodwill' added: $25.99 for $12.50, expires in 30 days");
  });

  it('defaults to a billing entry, in-band, never expiring; refuses a blank name and a zero amount with the messages', async () => {
    const c = await customer();
    const res = ok(
      await admin.call(adminCreateCreditPack, { target_id: c.company.id, target_name: 'Plain', target_cost: 0, target_amount: 100 }),
    );
    expect(res.data).toMatchObject({ creates_billing_entry: true, is_oob_payment: false, expiry_date: null });
    const zeroDays = ok(
      await admin.call(adminCreateCreditPack, {
        target_id: c.company.id,
        target_name: 'Zero',
        target_cost: 0,
        target_amount: 100,
        target_expiry_days: 0,
      }),
    );
    expect(zeroDays.data.expiry_date).toBeNull();
    const bad = await admin.call(adminCreateCreditPack, { target_id: c.company.id, target_name: '  ', target_cost: 0, target_amount: 0 });
    expect(bad).toMatchObject({
      code: 400,
      data: { fields: { target_name: 'Please enter a name', target_amount: 'Please enter an amount' } },
    });
    expect(await creditPacksOf(t, c.company.id)).toHaveLength(2);
  });

  it('lists 15 packs a page across the chosen companies, newest first, with the balance when one company is chosen', async () => {
    const a = await customer();
    const b = await customer();
    for (let i = 0; i < 10; i++) {
      await pack(a.company.id, { name: `A${i}`, amount: 100 });
      await pack(b.company.id, { name: `B${i}`, amount: 200 });
      t.clock.advance(1000);
    }
    const both = ok(await admin.call(adminListCreditPacks, { target_company_ids: [a.company.id, b.company.id] }));
    expect(both.data.total).toBe(20);
    expect(both.data.rows).toHaveLength(15);
    expect(both.data.rows.slice(0, 2).map((r) => r.name)).toEqual(['B9', 'A9']);
    expect(both.data.balance).toBeNull();
    const one = ok(await admin.call(adminListCreditPacks, { target_company_ids: [a.company.id], page: 1, page_size: 15 }));
    expect(one.data).toMatchObject({ total: 10, balance: 1000 });
    expect(one.data.rows.every((r) => r.company_id === a.company.id)).toBe(true);
  });

  it('expires a pack: its remaining credit leaves the balance; an expired or used-up pack is refused', async () => {
    const c = await customer();
    const live = await pack(c.company.id, { name: 'Live', amount: 900 });
    const res = ok(await admin.call(adminExpireCreditPack, { target_credit_pack_id: live.id }));
    expect(res.data).toMatchObject({ id: live.id, display: 'expired', remaining: 0, is_expired: true });
    expect(await billing.balanceOf(ctx(), { companyId: c.company.id })).toBe(0);
    expect(await admin.call(adminExpireCreditPack, { target_credit_pack_id: live.id })).toMatchObject({
      code: 400,
      message: PACK_ALREADY_EXPIRED,
    });

    const dated = await pack(c.company.id, { name: 'Dated', amount: 400, expiry_days: 1 });
    t.clock.advance(2 * DAY);
    admin = await new TestClient(t.app).useSession(t.db, t.clock, adminUserId);
    expect(await admin.call(adminExpireCreditPack, { target_credit_pack_id: dated.id })).toMatchObject({
      code: 400,
      message: PACK_ALREADY_EXPIRED,
    });
    expect(await admin.call(adminExpireCreditPack, { target_credit_pack_id: 2_000_000_000 })).toMatchObject({ code: 404 });
    const expiries = (await ledgerRowsOf(t, c.company.id)).filter((r) => r.kind === 'expire');
    expect(expiries.map((r) => [r.pack_id, r.amount])).toEqual([[live.id, -900]]);
    const events = ok(await admin.call(companyEventList, { target_id: c.company.id })).data.rows.map((r) => r.event);
    expect(events).toContain("Credit pack 'Live' expired: $9.00 left the balance");
  });

  it('refuses a pack of a deleted company to be created', async () => {
    const gone = await customer();
    await setCompany(t, gone.company.id, { current_state: 'DELETED' });
    const res = await admin.call(adminCreateCreditPack, {
      target_id: gone.company.id,
      target_name: 'Late',
      target_cost: 0,
      target_amount: 100,
    });
    expect(res.code).toBe(400);
    expect(await creditPacksOf(t, gone.company.id)).toEqual([]);
  });
});

describe('credit_summary and balance_history (dashboard)', () => {
  it('answers balance, unknown days remaining before any charge, no latest usage and no devices', async () => {
    const c = await customer();
    await pack(c.company.id, { amount: 5000 });
    expect(ok(await c.client.call(creditSummary, {})).data).toEqual({
      balance: 5000,
      days_remaining: null,
      estimated_monthly_cents: 0,
      estimated_weekly_cents: 0,
      latest_usage: null,
      device_count: 0,
      booster_count: 0,
      has_contract_billing: false,
    });
  });

  it('estimates from recent charges: days remaining, monthly and weekly; latest usage day and device count', async () => {
    nextWeek();
    const c = await customer();
    await pack(c.company.id, { amount: 10_000 });
    await chargeDaily(c.company.id, 100, 3);
    const client = await new TestClient(t.app).useSession(t.db, t.clock, c.user.id);
    const summary = ok(await client.call(creditSummary, {})).data;
    // The figures are the ledger's estimates (estimates.ts), answered as they are.
    const estimates = await billing.estimatesOf(ctx(), { companyId: c.company.id });
    expect(summary).toMatchObject({ ...estimates, device_count: 3, booster_count: 20 });
    expect(summary.balance).toBe(10_000 - 900);
    expect(summary.estimated_monthly_cents).toBeGreaterThan(0);
    expect(summary.days_remaining).toBeGreaterThan(0);
    const yesterday = billing.billingDayOf(t, { at: new Date(t.clock.now().getTime() - DAY) });
    expect(summary.latest_usage).toEqual({ date: yesterday, amount_cents: 100 });
  });

  it('hides the balance and the runway from a contract-billing company, but keeps its estimates', async () => {
    nextWeek();
    const c = await customer({ has_contract_billing: true });
    await chargeDaily(c.company.id, 50, 1);
    const client = await new TestClient(t.app).useSession(t.db, t.clock, c.user.id);
    const summary = ok(await client.call(creditSummary, {})).data;
    expect(summary).toMatchObject({ balance: null, days_remaining: null, has_contract_billing: true });
    expect(summary.estimated_monthly_cents).toBeGreaterThan(0);
    expect(await client.call(balanceHistory, {})).toMatchObject({ code: 403 });
  });

  it('walks the balance back 90 days from today through the ledger: charges and credits per day', async () => {
    nextWeek();
    const c = await customer();
    await pack(c.company.id, { amount: 3000 });
    await chargeDaily(c.company.id, 100, 2);
    await pack(c.company.id, { amount: 1000 });
    const client = await new TestClient(t.app).useSession(t.db, t.clock, c.user.id);
    const { days } = ok(await client.call(balanceHistory, {})).data;
    expect(days).toHaveLength(90);
    const today = billing.billingDayOf(t);
    expect(days.at(-1)).toMatchObject({ date: today, balance: 3000 - 600 - 200 + 1000, credited: 1000 });
    const start = days.findIndex((d) => d.credited === 3000);
    expect(days[start - 1]?.balance).toBe(0);
    expect(days[start]).toMatchObject({ balance: 3000 - 600 - 100, charged: 700 });
    expect(days[start + 1]).toMatchObject({ balance: 3000 - 800, charged: 100 });
    expect(days.reduce((s, d) => s + d.charged, 0)).toBe(800);
  });
});
