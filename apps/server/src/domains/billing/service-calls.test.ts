import { getActiveServices } from '@portal/contract/billing/active-services';
import { adminListCreditPacks, listCreditPacks } from '@portal/contract/billing/credit-packs';
import { adminDailyStatsList } from '@portal/contract/billing/daily-stats';
import { DAY_IN_FUTURE_MESSAGE, FROM_AFTER_TO_MESSAGE } from '@portal/contract/billing/fields';
import { listEligibleTrialRefunds, listTrialRefundHistory } from '@portal/contract/billing/trial-refunds';
import { UNLIMITED_PAGE_SIZE } from '@portal/contract/shared/paging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { newCreditPack } from '../../test/factories.ts';
import { TestClient, type TestContext, createTestContext, newCompany, newUser, ok } from '../../test/harness.ts';
import { insertBillingDevice, setCompany } from '../../test/rows.ts';
import { addDays, dayOf, startOfDay } from './days.ts';
import * as billing from './service.ts';

const DAY = 86_400_000;
let t: TestContext;
let staffCompanyId: number;
beforeAll(async () => {
  t = await createTestContext();
  staffCompanyId = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).company.id;
});
afterAll(() => t.close());

const ctx = () => jobContext(t);
const signIn = (userId: number) => new TestClient(t.app).useSession(t.db, t.clock, userId);
const staff = async (role: 'admin' | 'support' | 'sales') => signIn((await newUser(t.db, staffCompanyId, { staff_role: role })).id);

describe('get_active_services', () => {
  it('pages the running services 20 at a time, without stopped ones, for the company’s users', async () => {
    const c = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    for (let i = 0; i < 23; i++) {
      await billing.startService(ctx(), {
        company_id: c.company.id,
        kind: 'serial',
        owner_kind: 'licence',
        owner_id: `S-${c.company.id}-${i}`,
        details: `Server ${i}`,
      });
    }
    await billing.stopService(ctx(), { owner_kind: 'licence', owner_id: `S-${c.company.id}-0` });
    const client = await signIn(c.user.id);
    const first = ok(await client.call(getActiveServices, {}));
    expect(first.data.total).toBe(22);
    expect(first.data.rows).toHaveLength(20);
    expect(first.data.rows[0]).toMatchObject({
      type: 'serial',
      details: 'Server 1',
      rebill_every_days: 30,
      quantity: 1,
      hosted_server_id: null,
    });
    expect(first.data.updated_at).not.toBeNull();
    const second = ok(await client.call(getActiveServices, { page: 2 }));
    expect(second.data.rows.map((r) => r.details)).toEqual(['Server 21', 'Server 22']);
    // A page past the end still answers the total and when the services were last recomputed.
    const past = ok(await client.call(getActiveServices, { page: 9 }));
    expect(past.data).toMatchObject({ rows: [], total: 22, updated_at: first.data.updated_at });
  });

  it('answers a daily service’s next charge as the next billing day, a longer cycle’s as its own date', async () => {
    const c = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    await billing.startService(ctx(), { company_id: c.company.id, kind: 'storage', owner_kind: 'bucket', owner_id: `B-${c.company.id}` });
    const serial = await billing.startService(ctx(), {
      company_id: c.company.id,
      kind: 'serial',
      owner_kind: 'licence',
      owner_id: `N-${c.company.id}`,
    });
    t.clock.advance(40 * DAY);
    const rows = ok(await (await signIn(c.user.id)).call(getActiveServices, {})).data.rows;
    const tomorrow = startOfDay(addDays(dayOf(t.clock.now()), 1)).toISOString();
    expect(rows.find((r) => r.type === 'storage')).toMatchObject({ rebill_every_days: 1, next_charge_again_at: tomorrow });
    expect(rows.find((r) => r.type === 'serial')?.next_charge_again_at).toBe(serial.next_charge_again_at.toISOString());
  });

  it('shows a company’s services to staff and its distributor by target_company_id; never to another tenant', async () => {
    const dist = await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE' });
    const otherDist = await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE' });
    const sub = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth', distributor_id: dist.company.id });
    const stranger = await newCompany(t.db, { current_state: 'ACTIVE' });
    await billing.startService(ctx(), {
      company_id: sub.company.id,
      kind: 'cloudview',
      owner_kind: 'portal',
      owner_id: `P-${sub.company.id}`,
    });
    const input = { target_company_id: sub.company.id };
    for (const client of [await staff('admin'), await staff('support'), await staff('sales'), await signIn(dist.user.id)]) {
      expect(ok(await client.call(getActiveServices, input)).data.rows.map((r) => r.type)).toEqual(['cloudview']);
    }
    expect(await (await signIn(otherDist.user.id)).call(getActiveServices, input)).toMatchObject({ code: 404 });
    expect(await (await signIn(stranger.user.id)).call(getActiveServices, input)).toMatchObject({ code: 404 });
    // The stranger's own list is empty: nothing of the sub-account leaks into it.
    expect(ok(await (await signIn(stranger.user.id)).call(getActiveServices, {})).data).toMatchObject({ rows: [], total: 0 });
  });

  it('is hidden from the sub-account’s users when the distributor switches active services off, not from the distributor', async () => {
    const dist = await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE' });
    const sub = await newCompany(t.db, { current_state: 'ACTIVE', distributor_id: dist.company.id });
    await setCompany(t, sub.company.id, { can_view_billing_active_services: false });
    expect(await (await signIn(sub.user.id)).call(getActiveServices, {})).toMatchObject({ code: 403 });
    expect((await (await signIn(dist.user.id)).call(getActiveServices, { target_company_id: sub.company.id })).status).toBe('ok');
  });
});

describe('daily-stats/list', () => {
  it('answers the last 60 days by default, oldest first, for the chosen companies only', async () => {
    const a = await newCompany(t.db, { current_state: 'ACTIVE' });
    const b = await newCompany(t.db, { current_state: 'ACTIVE' });
    const unchosen = await newCompany(t.db, { current_state: 'ACTIVE' });
    const today = billing.billingDayOf(t);
    for (let d = 0; d < 70; d++) {
      const date = addDays(today, -d);
      await billing.recordDailyStats(ctx(), { company_id: a.company.id, date, device_count: d, server_version: '24.3.1' });
      if (d < 3) await billing.recordDailyStats(ctx(), { company_id: b.company.id, date, device_count: 100 + d });
      if (d < 3) await billing.recordDailyStats(ctx(), { company_id: unchosen.company.id, date, device_count: 7 });
    }
    const admin = await staff('admin');
    const res = ok(await admin.call(adminDailyStatsList, { target_company_ids: [a.company.id, b.company.id] }));
    expect(res.data).toMatchObject({ from: addDays(today, -59), to: today });
    expect(res.data.rows.filter((r) => r.company_id === a.company.id)).toHaveLength(60);
    expect(res.data.rows.filter((r) => r.company_id === b.company.id).map((r) => r.device_count)).toEqual([102, 101, 100]);
    expect(res.data.rows.some((r) => r.company_id === unchosen.company.id)).toBe(false);
    expect(res.data.rows[0]).toMatchObject({
      company_id: a.company.id,
      date: addDays(today, -59),
      device_count: 59,
      server_version: '24.3.1',
    });

    // An older window, still at most 60 days; support reads it too.
    const older = ok(
      await (await staff('support')).call(adminDailyStatsList, {
        target_company_ids: [a.company.id],
        target_from: addDays(today, -200),
        target_to: addDays(today, -65),
      }),
    );
    expect(older.data.rows.map((r) => r.device_count)).toEqual([69, 68, 67, 66, 65]);
    expect(older.data.from).toBe(addDays(today, -124));
  });

  it('refuses a day after today and From after To with the messages', async () => {
    const admin = await staff('admin');
    const today = billing.billingDayOf(t);
    expect(await admin.call(adminDailyStatsList, { target_company_ids: [1], target_to: addDays(today, 1) })).toMatchObject({
      code: 400,
      data: { fields: { target_to: DAY_IN_FUTURE_MESSAGE } },
    });
    expect(
      await admin.call(adminDailyStatsList, { target_company_ids: [1], target_from: addDays(today, -1), target_to: addDays(today, -2) }),
    ).toMatchObject({ code: 400, data: { fields: { target_from: FROM_AFTER_TO_MESSAGE } } });
  });
});

describe('trial refunds', () => {
  it('lists the users inside the guarantee window with days left and what deleting them now would refund', async () => {
    const c = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth', customer_trial_length_days: 30 });
    await newCreditPack(t.db, t.clock.now(), c.company.id, { amount: 100_000 });
    const now = t.clock.now();
    const seen = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
    const base = { company_id: c.company.id };
    await insertBillingDevice(t, { ...base, device_key: 'a', username: 'alice', first_seen_at: seen(5) });
    await insertBillingDevice(t, { ...base, device_key: 'b', username: 'bob', first_seen_at: seen(1) });
    await insertBillingDevice(t, { ...base, device_key: 'c', username: 'carol', first_seen_at: seen(40) });
    await insertBillingDevice(t, { ...base, device_key: 'd', username: 'dave', first_seen_at: seen(2), deleted_at: now });
    // Today's devices are charged: four devices at $2 a month, 200 each.
    await billing.recordDailyStats(ctx(), { company_id: c.company.id, date: billing.billingDayOf(t, { at: now }), device_count: 4 });
    await billing.runDailyCharging(ctx());

    const client = await signIn(c.user.id);
    const res = ok(await client.call(listEligibleTrialRefunds, {}));
    expect(res.data.total).toBe(2);
    expect(ok(await client.call(listEligibleTrialRefunds, { page: 4, page_size: 1 })).data).toEqual({ rows: [], total: 2 });
    expect(res.data.rows).toEqual([
      { username: 'alice', days_remaining_trial: 25, trial_end_time: new Date(seen(5).getTime() + 30 * DAY).toISOString(), amount: 200 },
      { username: 'bob', days_remaining_trial: 29, trial_end_time: new Date(seen(1).getTime() + 30 * DAY).toISOString(), amount: 200 },
    ]);
    const other = await newCompany(t.db, { current_state: 'ACTIVE' });
    expect(ok(await (await signIn(other.user.id)).call(listEligibleTrialRefunds, {})).data).toEqual({ rows: [], total: 0 });
  });

  it('lists the refunds credited, newest first, with the users each refunded', async () => {
    const c = await newCompany(t.db, { current_state: 'ACTIVE' });
    const base = { company_id: c.company.id, first_seen_at: t.clock.now(), deleted_at: t.clock.now() };
    const first = await newCreditPack(t.db, t.clock.now(), c.company.id, { name: 'New user refund', amount: 400, source: 'refund' });
    t.clock.advance(7 * DAY);
    const second = await newCreditPack(t.db, t.clock.now(), c.company.id, { name: 'New user refund', amount: 150, source: 'refund' });
    const refunded = (pack: { id: number }) => ({ refunded_at: t.clock.now(), refund_pack_id: pack.id });
    await insertBillingDevice(t, { ...base, device_key: '1', username: 'zed', refund_amount: 200, ...refunded(first) });
    await insertBillingDevice(t, { ...base, device_key: '2', username: 'amy', refund_amount: 200, ...refunded(first) });
    await insertBillingDevice(t, { ...base, device_key: '3', username: 'kim', refund_amount: 150, ...refunded(second) });
    // Credit of another kind is no refund.
    await newCreditPack(t.db, t.clock.now(), c.company.id, { name: 'Top-up', amount: 999, source: 'purchase' });
    const client = await signIn(c.user.id);
    expect(ok(await client.call(listTrialRefundHistory, { page: 3, page_size: 1 })).data).toEqual({ rows: [], total: 2 });
    const res = ok(await client.call(listTrialRefundHistory, {}));
    expect(res.data).toEqual({
      total: 2,
      rows: [
        { id: second.id, amount: 150, purchase_date: second.purchase_date.toISOString(), refunded_users: ['kim'] },
        { id: first.id, amount: 400, purchase_date: first.purchase_date.toISOString(), refunded_users: ['amy', 'zed'] },
      ],
    });
  });
});

describe("the tables' 'Unlimited' page size", () => {
  it('answers every row of the billing lists, as it does on every other table', async () => {
    const c = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    for (let i = 0; i < 25; i++) {
      await billing.startService(ctx(), {
        company_id: c.company.id,
        kind: 'serial',
        owner_kind: 'licence',
        owner_id: `U-${c.company.id}-${i}`,
      });
      await newCreditPack(t.db, t.clock.now(), c.company.id, { amount: 100 + i });
    }
    const all = { page: 1, page_size: UNLIMITED_PAGE_SIZE };
    const customer = await signIn(c.user.id);
    expect(ok(await customer.call(getActiveServices, all)).data.rows).toHaveLength(25);
    expect(ok(await customer.call(listCreditPacks, all)).data.rows).toHaveLength(25);
    expect(ok(await customer.call(listTrialRefundHistory, all)).data.rows).toEqual([]);
    expect(ok(await customer.call(listEligibleTrialRefunds, all)).data.rows).toEqual([]);
    const admin = await staff('admin');
    expect(ok(await admin.call(adminListCreditPacks, { ...all, target_company_ids: [c.company.id] })).data.rows).toHaveLength(25);
  });
});
