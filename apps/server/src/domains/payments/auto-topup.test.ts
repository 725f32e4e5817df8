import { AUTO_PAYMENT_MESSAGES, autoPaymentConfigure, autoPaymentPage } from '@portal/contract/payments/auto-payment';
import { authorizePaymentMethod, completePaymentMethod } from '@portal/contract/payments/cards';
import { SELECT_TOPUP, TOPUP_NOT_FOUND } from '@portal/contract/payments/charges';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallContext, type Logger, runInContext, systemSource } from '../../platform/context.ts';
import { jobContext } from '../../test/context.ts';
import { appWith, createTestContext, newCompany, ok, ON_POSTGRES, TestClient, type TestContext } from '../../test/harness.ts';
import { mailsTo } from '../../test/mail.ts';
import {
  cardTransactionsOf,
  companyEvents,
  creditPacksOf,
  insertTopupOption,
  setBalance,
  setCompany,
  setPaymentSettings,
} from '../../test/rows.ts';
import * as billing from '../billing/service.ts';
import { autoTopupJob } from './jobs.ts';

let t: TestContext;
let app: FastifyInstance;
let option25: number;
let hiddenOption: number;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BILLING = { phone_number: '+64 9 555 0100', street_address: '1 Queen Street', city: 'Auckland', postal_code: '1010' };

beforeAll(async () => {
  t = await createTestContext();
  app = await appWith(t, { PUBLIC_URL: 'http://portal.test' });
  option25 = (await insertTopupOption(t, { name: '$25 top-up', cost: 2500, amount: 2500 })).id;
  hiddenOption = (await insertTopupOption(t, { name: 'Hidden', cost: 900, amount: 900, is_user_visible: false })).id;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const ctx = () => jobContext({ app, db: t.db });
const QUIET: Logger = { info: () => {}, warn: () => {}, error: () => {} };
/** A job run in its own transaction, as the scheduler runs it. */
const inTransaction = <T>(work: (c: CallContext) => Promise<T>) =>
  runInContext({ ...app.deps, db: t.db }, systemSource(QUIET), (c) => work(c as CallContext));

/** Runs the job as the scheduler does: batch after batch, each in its transaction, until nothing is due. */
async function job() {
  let looked = 0;
  for (let n = await inTransaction(autoTopupJob); n > 0; n = await inTransaction(autoTopupJob)) looked += n;
  return looked;
}

async function customer() {
  const made = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
  await setCompany(t, made.company.id, BILLING);
  return { ...made, client: await new TestClient(app).useSession(t.db, t.clock, made.user.id) };
}

/** A card saved through the sandbox's hosted page, as the browser does it. */
async function addCard(client: TestClient, number: string, challenge?: boolean) {
  const started = ok(await client.call(authorizePaymentMethod, {})).data;
  await app.inject({
    method: 'POST',
    url: '/sandbox-gateway/card/enter',
    payload: { session: started.session, number, expiry: '12/30', cvc: '123', name: 'Casey Customer' },
  });
  if (challenge !== undefined) {
    await app.inject({ method: 'POST', url: '/sandbox-gateway/card/challenge', payload: { session: started.session, passed: challenge } });
  }
  return ok(await client.call(completePaymentMethod, { session: started.session })).data;
}

/** 15 devices cost $2 a month each: $1 a day, so the balance in cents over 100 is the days of credit left. */
async function spendDollarADay(companyId: number) {
  await billing.recordDailyStats(ctx(), {
    company_id: companyId,
    date: billing.billingDayOf(t),
    device_count: 15,
    boosters: {},
  });
  // The day's run may have finished already: charge this company's devices now, as a starting service is.
  for (const service of await billing.runningServices(ctx(), { companyId }))
    await billing.chargeServiceNow(ctx(), { serviceId: service.id });
}

/** A customer with a saved card, $1 a day of usage and automatic top-up on at 5 days. */
async function configured(card = '4242424242424242', o: { challenge?: boolean; cap?: number | null } = {}) {
  const c = await customer();
  await addCard(c.client, card, o.challenge);
  await spendDollarADay(c.company.id);
  await setBalance(t, c.company.id, 1000);
  ok(
    await c.client.call(autoPaymentConfigure, {
      topup_option_id: option25,
      auto_rebill_days_remaining: 5,
      monthly_cap_cents: o.cap ?? null,
    }),
  );
  return c;
}

const charges = async (companyId: number) => (await cardTransactionsOf(t, companyId)).filter((r) => r.kind === 'charge');
const templatesTo = async (email: string) => (await mailsTo(t.db, email)).map((m) => m.template);

/** Moves the clock on by a day and the hour it takes every company to be looked at again. */
function nextDay() {
  t.clock.advance(DAY + HOUR);
}

describe('the /auto_payment page and auto_payment_configure', () => {
  it('shows the defaults, the estimates and the options before anything is saved', async () => {
    const c = await customer();
    await spendDollarADay(c.company.id);
    const page = ok(await c.client.call(autoPaymentPage, {})).data;
    expect(page).toMatchObject({
      auto_topup_enabled: false,
      auto_rebill_days_remaining: 5,
      auto_topup_plan_id: null,
      monthly_cap_cents: null,
      estimated_monthly_cents: 3000,
      estimated_weekly_cents: 700,
      has_card: false,
      minimum_topup: 2000,
    });
    expect(page.options.map((o) => o.id)).toContain(option25);
    expect(page.options.map((o) => o.id)).not.toContain(hiddenOption);
  });

  it('saves the option, the days and the monthly limit, and audits it', async () => {
    const c = await customer();
    await addCard(c.client, '4242424242424242');
    const saved = ok(
      await c.client.call(autoPaymentConfigure, { topup_option_id: option25, auto_rebill_days_remaining: 9, monthly_cap_cents: 10_000 }),
    ).data;
    expect(saved).toMatchObject({
      auto_topup_enabled: true,
      auto_rebill_days_remaining: 9,
      auto_topup_plan_id: option25,
      auto_topup_plan_name: '$25 top-up',
      monthly_cap_cents: 10_000,
      has_card: true,
    });
    expect(ok(await c.client.call(autoPaymentPage, {})).data).toEqual(saved);
    const events = (await companyEvents(t, c.company.id)).map((e) => e.event);
    expect(
      events.some((d) => d.includes('Turned on automatic top-up: $25 top-up below 9 days of credit, a monthly limit of $100.00')),
    ).toBe(true);
    const off = ok(
      await c.client.call(autoPaymentConfigure, { topup_option_id: option25, auto_rebill_days_remaining: 9, auto_topup_enabled: false }),
    );
    expect(off.data).toMatchObject({ auto_topup_enabled: false, auto_topup_plan_id: option25, monthly_cap_cents: null });
  });

  it('refuses days outside 1 to 14, a missing or hidden option, a negative limit, with the messages', async () => {
    const c = await customer();
    await addCard(c.client, '4242424242424242');
    for (const days of [0, 15, 2.5]) {
      const res = await c.client.call(autoPaymentConfigure, { topup_option_id: option25, auto_rebill_days_remaining: days });
      expect(res).toMatchObject({ code: 400, data: { fields: { auto_rebill_days_remaining: AUTO_PAYMENT_MESSAGES.days } } });
    }
    const none = await c.client.call(autoPaymentConfigure, { auto_rebill_days_remaining: 5 } as never);
    expect(none).toMatchObject({ code: 400, data: { fields: { topup_option_id: SELECT_TOPUP } } });
    const hidden = await c.client.call(autoPaymentConfigure, { topup_option_id: hiddenOption, auto_rebill_days_remaining: 5 });
    expect(hidden).toMatchObject({ code: 400, data: { fields: { topup_option_id: TOPUP_NOT_FOUND } } });
    const negative = await c.client.call(autoPaymentConfigure, { topup_option_id: option25, monthly_cap_cents: -1 });
    expect(negative).toMatchObject({ code: 400, data: { fields: { monthly_cap_cents: AUTO_PAYMENT_MESSAGES.cap } } });
    const small = await c.client.call(autoPaymentConfigure, { topup_option_id: option25, monthly_cap_cents: 2000 });
    expect(small).toMatchObject({ code: 400, data: { fields: { monthly_cap_cents: AUTO_PAYMENT_MESSAGES.capBelowTopup } } });
    expect(ok(await c.client.call(autoPaymentPage, {})).data.auto_topup_enabled).toBe(false);
  });

  it("keeps each company's settings its own: another company's customer sees and changes only theirs", async () => {
    const a = await customer();
    await addCard(a.client, '4242424242424242');
    ok(await a.client.call(autoPaymentConfigure, { topup_option_id: option25, auto_rebill_days_remaining: 12, monthly_cap_cents: 5000 }));
    const b = await customer();
    expect(ok(await b.client.call(autoPaymentPage, {})).data).toMatchObject({
      auto_topup_enabled: false,
      auto_rebill_days_remaining: 5,
      has_card: false,
    });
    await addCard(b.client, '4242424242424242');
    ok(await b.client.call(autoPaymentConfigure, { topup_option_id: option25, auto_rebill_days_remaining: 2 }));
    expect(ok(await a.client.call(autoPaymentPage, {})).data).toMatchObject({ auto_rebill_days_remaining: 12, monthly_cap_cents: 5000 });
  });

  it('cannot be turned on without a saved card', async () => {
    const c = await customer();
    const res = await c.client.call(autoPaymentConfigure, { topup_option_id: option25, auto_rebill_days_remaining: 5 });
    expect(res).toMatchObject({ code: 400, message: AUTO_PAYMENT_MESSAGES.noCard });
  });

  it('is the page action POST / with doAction=auto_payment_configure, form-encoded, with the CSRF check', async () => {
    const c = await customer();
    await addCard(c.client, '4242424242424242');
    const res = await c.client.post(
      '/',
      { doAction: 'auto_payment_configure', topup_option_id: String(option25), auto_rebill_days_remaining: '7' },
      { form: true },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', data: { auto_rebill_days_remaining: 7, auto_topup_plan_id: option25 } });
    const bad = await c.client.post(
      '/',
      { doAction: 'auto_payment_configure', topup_option_id: String(option25), auto_rebill_days_remaining: '20' },
      { form: true },
    );
    expect(bad.json()).toMatchObject({
      status: 'error',
      code: 400,
      data: { fields: { auto_rebill_days_remaining: AUTO_PAYMENT_MESSAGES.days } },
    });
    const forged = await c.client.post(
      '/',
      { doAction: 'auto_payment_configure', topup_option_id: String(option25) },
      { form: true, headers: { 'x-csrf-token': 'forged' } },
    );
    expect(forged.statusCode).toBe(403);
    const unknown = await c.client.post('/', { doAction: 'drop_tables' }, { form: true });
    expect(unknown.statusCode).toBe(404);
    const signedOut = await new TestClient(app).post(
      '/',
      { doAction: 'auto_payment_configure', topup_option_id: String(option25) },
      { form: true },
    );
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('the automatic top-up job', () => {
  it('tops up once when the credit falls below the setting, not again that day or until it was back above', async () => {
    const c = await configured();
    // 10 days of credit: at or above 5, so it is only armed.
    await job();
    expect(await charges(c.company.id)).toEqual([]);
    await setBalance(t, c.company.id, 400);
    t.clock.advance(HOUR + 1);
    await job();
    const [charge] = await charges(c.company.id);
    expect(charge).toMatchObject({ success: true, charged_amount: 2500, item: 'Top-up: $25 top-up' });
    expect(charge?.idempotency_key).toBe(`auto-topup:${c.company.id}:${billing.billingDayOf(t)}`);
    const packs = (await creditPacksOf(t, c.company.id)).filter((p) => p.source === 'purchase');
    expect(packs.map((p) => [p.name, p.amount, p.cost])).toEqual([['$25 top-up', 2500, 2500]]);
    expect(charge?.credit_pack_id).toBe(packs[0]?.id);
    expect(await billing.balanceOf(ctx(), { companyId: c.company.id })).toBe(2900);
    expect(await templatesTo(c.user.email)).toContain('payment_receipt');

    // Still below later the same day (the usage spent it again): no second charge.
    await setBalance(t, c.company.id, 100);
    t.clock.advance(HOUR + 1);
    await job();
    expect(await charges(c.company.id)).toHaveLength(1);
    // The next day, still below without having been back at or above: none.
    nextDay();
    await job();
    expect(await charges(c.company.id)).toHaveLength(1);
    // Back above, then below again the day after: one more.
    await setBalance(t, c.company.id, 900);
    nextDay();
    await job();
    await setBalance(t, c.company.id, 300);
    nextDay();
    await job();
    expect((await charges(c.company.id)).map((r) => r.success)).toEqual([true, true]);
  });

  it('looks at a company about once an hour: a run right after finds nothing due', async () => {
    const c = await configured();
    t.clock.advance(HOUR + 1);
    expect(await job()).toBeGreaterThan(0);
    expect(await job()).toBe(0);
    expect(await charges(c.company.id)).toEqual([]);
  });

  it('records a decline, mails the customer once and does not try again', async () => {
    const c = await configured('4000000000000341');
    await setBalance(t, c.company.id, 200);
    t.clock.advance(HOUR + 1);
    await job();
    expect((await charges(c.company.id)).map((r) => [r.success, r.response_text])).toEqual([[false, 'Insufficient funds']]);
    expect((await creditPacksOf(t, c.company.id)).filter((p) => p.source === 'purchase')).toEqual([]);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(HOUR + 1);
      await job();
    }
    nextDay();
    await job();
    expect(await charges(c.company.id)).toHaveLength(1);
    const failed = (await mailsTo(t.db, c.user.email)).filter((m) => m.template === 'auto_topup_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.text_body).toContain('declined: Insufficient funds');
    // Saving the settings again is the customer's go-ahead: it tries again.
    await c.client.useSession(t.db, t.clock, c.user.id);
    ok(await c.client.call(autoPaymentConfigure, { topup_option_id: option25, auto_rebill_days_remaining: 5 }));
    await job();
    expect(await charges(c.company.id)).toHaveLength(2);
  });

  it('asks again after a timeout with the same key: the charge the processor made gets its pack, once', async () => {
    // The sandbox's timeout card: the charge goes through, its first answer is lost on the way back.
    const c = await configured('4000000000000259');
    await setBalance(t, c.company.id, 200);
    t.clock.advance(HOUR + 1);
    await job();
    expect((await charges(c.company.id)).map((r) => r.success)).toEqual([null]);
    expect(await templatesTo(c.user.email)).not.toContain('auto_topup_failed');
    t.clock.advance(HOUR + 1);
    await job();
    const [charge] = await charges(c.company.id);
    expect(charge).toMatchObject({ success: true, charged_amount: 2500 });
    expect(await charges(c.company.id)).toHaveLength(1);
    expect((await creditPacksOf(t, c.company.id)).filter((p) => p.source === 'purchase')).toHaveLength(1);
    expect((await templatesTo(c.user.email)).filter((n) => n === 'payment_receipt')).toHaveLength(1);
  });

  it('fails a card that needs 3-D Secure, with a mail asking the customer to pay once', async () => {
    const c = await configured('4000000000003220', { challenge: true });
    await setBalance(t, c.company.id, 200);
    t.clock.advance(HOUR + 1);
    await job();
    expect((await charges(c.company.id)).map((r) => r.success)).toEqual([false]);
    const [mail] = (await mailsTo(t.db, c.user.email)).filter((m) => m.template === 'auto_topup_failed');
    expect(mail?.text_body).toContain('3-D Secure');
    expect(mail?.text_body).toContain('Please pay once');
    expect(mail?.text_body).toContain('http://portal.test/topup');
  });

  it('stops at the monthly limit and mails about it once that month', async () => {
    t.clock.set(new Date('2026-12-02T00:00:00Z'));
    const c = await configured('4242424242424242', { cap: 4000 });
    await setBalance(t, c.company.id, 200);
    t.clock.advance(HOUR + 1);
    await job();
    expect(await charges(c.company.id)).toHaveLength(1);
    // Used up again twice, back above in between: a second $25 would make $50, over the $40 limit.
    for (const balance of [900, 200, 900, 200]) {
      await setBalance(t, c.company.id, balance);
      nextDay();
      await job();
    }
    expect(await charges(c.company.id)).toHaveLength(1);
    const capMails = (await mailsTo(t.db, c.user.email)).filter((m) => m.template === 'auto_topup_failed');
    expect(capMails).toHaveLength(1);
    expect(capMails[0]?.text_body).toContain('over your monthly limit of $40.00');
  });

  it('does nothing while turned off or without usage to estimate from', async () => {
    const off = await configured();
    ok(await off.client.call(autoPaymentConfigure, { topup_option_id: option25, auto_topup_enabled: false }));
    await setBalance(t, off.company.id, 100);
    const idle = await customer();
    await addCard(idle.client, '4242424242424242');
    ok(await idle.client.call(autoPaymentConfigure, { topup_option_id: option25 }));
    await setBalance(t, idle.company.id, 0);
    t.clock.advance(HOUR + 1);
    await job();
    expect(await charges(off.company.id)).toEqual([]);
    expect(await charges(idle.company.id)).toEqual([]);
  });
});

/** Several nodes' schedulers running the job at the same moment, each in its own transaction. */
describe.skipIf(!ON_POSTGRES)('the automatic top-up job on several nodes at once (PostgreSQL)', () => {
  const N = 6;

  it('charges once however many runs decide at once, and once a day even when each looks again', async () => {
    const c = await configured();
    await setBalance(t, c.company.id, 300);
    t.clock.advance(HOUR + 1);
    await Promise.all(Array.from({ length: N }, () => inTransaction((x) => autoTopupJob(x))));
    expect((await charges(c.company.id)).map((r) => r.success)).toEqual([true]);
    // Each run now finds the company due again and still armed (its row says otherwise only after the
    // winner commits): the day's conditional claim and the day's key let one through.
    await setBalance(t, c.company.id, 300);
    await setPaymentSettings(t, {
      company_id: c.company.id,
      auto_topup_armed: true,
      auto_topup_checked_at: null,
      updated_at: t.clock.now(),
    });
    await Promise.all(Array.from({ length: N }, () => inTransaction((x) => autoTopupJob(x))));
    expect(await charges(c.company.id)).toHaveLength(1);
    expect((await creditPacksOf(t, c.company.id)).filter((p) => p.source === 'purchase')).toHaveLength(1);
    expect((await mailsTo(t.db, c.user.email)).filter((m) => m.template === 'payment_receipt')).toHaveLength(1);
  });
});
