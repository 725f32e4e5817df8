import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { mailsTo } from '../../test/mail.ts';
import { creditPacksOf, ledgerRowsOf } from '../../test/rows.ts';
import * as billing from './service.ts';
import { latestRefundTime, REFUND_PACK_NAME, refundNewUsersJob } from './refunds.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const ctx = () => jobContext(t, () => {});

describe('new-user refunds (the customer guarantee)', () => {
  it('knows the refund time: the latest Sunday 08:00 UTC', () => {
    expect(latestRefundTime(new Date('2026-11-21T00:00:00Z')).toISOString()).toBe('2026-11-15T08:00:00.000Z');
    expect(latestRefundTime(new Date('2026-11-22T07:59:00Z')).toISOString()).toBe('2026-11-15T08:00:00.000Z');
    expect(latestRefundTime(new Date('2026-11-22T08:00:00Z')).toISOString()).toBe('2026-11-22T08:00:00.000Z');
  });

  it('credits back, once, at the weekly run, the device charges of a device deleted within the guarantee window', async () => {
    // The test clock starts on Saturday 2026-11-21 00:00 UTC.
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth', customer_trial_length_days: 30 });
    const id = company.id;
    const now = t.clock.now();
    await billing.addCredit(ctx(), { company_id: id, name: 'Credit', amount: 10_000, source: 'admin', added_by_user: 'Ada' });
    await billing.deviceSeen(ctx(), { company_id: id, device_key: 'dev-new', username: 'new.user', at: new Date(now.getTime() - DAY) });
    await billing.deviceSeen(ctx(), {
      company_id: id,
      device_key: 'dev-old',
      username: 'old.user',
      at: new Date(now.getTime() - 40 * DAY),
    });
    await billing.recordDailyStats(ctx(), { company_id: id, date: billing.billingDayOf(t, { at: now }), device_count: 2 });
    await billing.runDailyCharging(ctx());
    expect(await billing.balanceOf(ctx(), { companyId: id })).toBe(10_000 - 400);

    t.clock.advance(2 * HOUR);
    expect(await billing.deviceRemoved(ctx(), { company_id: id, device_key: 'dev-new' })).toBe(true);
    expect(await billing.deviceRemoved(ctx(), { company_id: id, device_key: 'dev-old' })).toBe(true);
    // Not before Sunday 08:00 UTC.
    expect(await refundNewUsersJob(ctx())).toBe(0);

    t.clock.set(new Date('2026-11-22T09:00:00Z'));
    expect(await refundNewUsersJob(ctx())).toBe(1);
    // The new device's half of the day's $4.00 device charge; the device of 40 days ago is past the window.
    const refund = (await creditPacksOf(t, id)).find((p) => p.source === 'refund');
    expect(refund).toMatchObject({ name: REFUND_PACK_NAME, amount: 200, expiry_date: null });
    expect((await ledgerRowsOf(t, id)).filter((r) => r.kind === 'refund').map((r) => [r.pack_id, r.amount])).toEqual([[refund?.id, 200]]);
    expect(await billing.balanceOf(ctx(), { companyId: id })).toBe(10_000 - 400 + 200);
    expect((await mailsTo(t.db, user.email)).map((m) => m.template)).toContain('new_user_refund');

    // Once: later runs credit nothing more.
    expect(await refundNewUsersJob(ctx())).toBe(0);
    t.clock.advance(7 * DAY);
    expect(await refundNewUsersJob(ctx())).toBe(0);
    expect((await creditPacksOf(t, id)).filter((p) => p.source === 'refund')).toHaveLength(1);
    expect(await billing.verifyLedger(ctx())).toEqual([]);
  });
});
