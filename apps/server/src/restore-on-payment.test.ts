import { adminCreateCreditPack } from '@portal/contract/billing/credit-packs';
import { autoPaymentConfigure } from '@portal/contract/payments/auto-payment';
import { authorizePaymentMethod, completePaymentMethod } from '@portal/contract/payments/cards';
import { chargePaymentMethod } from '@portal/contract/payments/charges';
import { redeemPromoCode } from '@portal/contract/payments/promo-codes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as billing from './domains/billing/service.ts';
import { expireTrials, restoreCreditedCompanies, suspendOutOfCredit } from './domains/companies/lifecycle.ts';
import { autoTopupJob } from './domains/payments/jobs.ts';
import { type CallContext, type Logger, runInContext, systemSource } from './platform/context.ts';
import { jobContext } from './test/context.ts';
import { newPromoCode } from './test/factories.ts';
import { appWith, createTestContext, newCompany, ok, ON_POSTGRES, TestClient, type TestContext } from './test/harness.ts';
import { billingAccountRow, companyEvents, companyRow, insertTopupOption, setCompany } from './test/rows.ts';

/**
 * A company suspended for running out of credit is ACTIVE again in the transaction of the payment that brings it
 * above zero, whichever way the money arrives; the lifecycle's restore sweep is only the safety net.
 */
let t: TestContext;
let app: FastifyInstance;
let adminUserId: number;
let option25: number;
const BILLING = { phone_number: '+64 9 555 0100', street_address: '1 Queen Street', city: 'Auckland', postal_code: '1010' };
const RESTORED = 'Credit added: SUSPENDED -> ACTIVE';
const QUIET: Logger = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestContext();
  app = await appWith(t, { PUBLIC_URL: 'http://portal.test' });
  adminUserId = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user.id;
  option25 = (await insertTopupOption(t, { name: '$25 top-up', cost: 2500, amount: 2500 })).id;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const job = () => jobContext({ app, db: t.db });
/** Work in its own transaction, as a scheduled job or a call on another node runs it. */
const inTransaction = <T>(work: (c: CallContext) => Promise<T>) =>
  runInContext({ ...app.deps, db: t.db }, systemSource(QUIET), (c) => work(c as CallContext));

const stateOf = async (companyId: number) => (await companyRow(t, companyId))?.current_state;
const markOf = async (companyId: number) => (await billingAccountRow(t, companyId))?.suspended_for_credit;
const restoredLines = async (companyId: number) => (await companyEvents(t, companyId)).filter((e) => e.event === RESTORED);

/** A signed-in customer with billing details, 30 cents of credit and $1 a day of boosters (20 Hyper-V at 5 cents a day). */
async function customer() {
  const made = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
  await setCompany(t, made.company.id, BILLING);
  await billing.addCredit(job(), { company_id: made.company.id, name: 'Welcome', amount: 30, source: 'admin', added_by_user: 'Ada' });
  await billing.recordDailyStats(job(), {
    company_id: made.company.id,
    date: billing.billingDayOf(t),
    device_count: 0,
    boosters: { hyperv: 20 },
  });
  return { ...made, client: await new TestClient(app).useSession(t.db, t.clock, made.user.id) };
}

/** Today's charge takes the company to -70 cents, and the lifecycle's sweep suspends it for that, as in production. */
async function chargeAndSweep(companyId: number) {
  for (const service of await billing.runningServices(job(), { companyId }))
    await billing.chargeServiceNow(job(), { serviceId: service.id });
  await suspendOutOfCredit(job());
}

async function suspendedForCredit() {
  const c = await customer();
  await chargeAndSweep(c.company.id);
  expect(await billing.balanceOf(job(), { companyId: c.company.id })).toBe(-70);
  expect(await stateOf(c.company.id)).toBe('SUSPENDED');
  expect(await markOf(c.company.id)).toBe(true);
  return c;
}

/** A card saved through the sandbox's hosted page, as the browser does it. */
async function addCard(client: TestClient) {
  const started = ok(await client.call(authorizePaymentMethod, {})).data;
  await app.inject({
    method: 'POST',
    url: '/sandbox-gateway/card/enter',
    payload: { session: started.session, number: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Casey Customer' },
  });
  const card = ok(await client.call(completePaymentMethod, { session: started.session })).data.card;
  if (!card) throw new Error('the card was not saved');
  return card.id;
}

/** ACTIVE when the payment has answered, with one history line, the mark gone, and nothing left for the sweep. */
async function expectRestored(companyId: number) {
  expect(await stateOf(companyId)).toBe('ACTIVE');
  expect(await markOf(companyId)).toBe(false);
  expect(await restoredLines(companyId)).toHaveLength(1);
  await restoreCreditedCompanies(job());
  expect(await restoredLines(companyId)).toHaveLength(1);
}

describe('a payment that brings a company suspended for credit above zero makes it ACTIVE at once', () => {
  it('pay once with a saved card', async () => {
    const c = await suspendedForCredit();
    const card = await addCard(c.client);
    const paid = ok(await c.client.call(chargePaymentMethod, { target_topup_id: option25, target_card_id: card })).data;
    expect(paid).toMatchObject({ success: true, balance: 2430 });
    await expectRestored(c.company.id);
    expect((await companyEvents(t, c.company.id)).find((e) => e.event === RESTORED)?.actor).toContain(c.user.email);
  });

  it('automatic top-up, when the job buys the chosen option', async () => {
    const c = await suspendedForCredit();
    await addCard(c.client);
    ok(await c.client.call(autoPaymentConfigure, { topup_option_id: option25, auto_rebill_days_remaining: 5, monthly_cap_cents: null }));
    for (let n = await inTransaction(autoTopupJob); n > 0; n = await inTransaction(autoTopupJob));
    expect(await billing.balanceOf(job(), { companyId: c.company.id })).toBe(2430);
    await expectRestored(c.company.id);
  });

  it('credit an admin adds, once it is more than the debt', async () => {
    const c = await suspendedForCredit();
    const admin = await new TestClient(app).useSession(t.db, t.clock, adminUserId);
    const add = (amount: number) =>
      admin.call(adminCreateCreditPack, { target_id: c.company.id, target_name: 'Goodwill', target_cost: 0, target_amount: amount });
    // Paying the debt exactly leaves a balance of zero: still out of credit.
    ok(await add(70));
    expect(await stateOf(c.company.id)).toBe('SUSPENDED');
    expect(await markOf(c.company.id)).toBe(true);
    ok(await add(1));
    expect(await billing.balanceOf(job(), { companyId: c.company.id })).toBe(1);
    await expectRestored(c.company.id);
  });

  it('a promo code the customer redeems', async () => {
    const c = await suspendedForCredit();
    const code = await newPromoCode(t.db, t.clock.now(), { amount: 500 });
    ok(await c.client.call(redeemPromoCode, { promo_code: code.promo_key }));
    expect(await billing.balanceOf(job(), { companyId: c.company.id })).toBe(430);
    await expectRestored(c.company.id);
  });

  it('not a company suspended for another reason: its trial ended without a plan', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'TRIAL', plan_id: 'Trial', trial_expires_at: t.clock.now() });
    await setCompany(t, company.id, BILLING);
    await expireTrials(job());
    expect(await stateOf(company.id)).toBe('SUSPENDED');
    const client = await new TestClient(app).useSession(t.db, t.clock, user.id);
    const code = await newPromoCode(t.db, t.clock.now(), { amount: 500 });
    ok(await client.call(redeemPromoCode, { promo_code: code.promo_key }));
    expect(await stateOf(company.id)).toBe('SUSPENDED');
    expect(await restoredLines(company.id)).toHaveLength(0);
  });
});

/**
 * The day's charges take each company below zero, then the sweep (a scheduled job on one node) and the customers'
 * payments (calls on others) run at once, each in its own transaction on its own connection, while the next
 * company's charge is still being made. Whatever order they take the locks in, every company ends ACTIVE with its
 * mark gone and its balance to the cent: suspended and restored by its payment, or paid before the sweep reached it.
 */
describe.skipIf(!ON_POSTGRES)('a charge racing the payment (PostgreSQL)', () => {
  it('ends ACTIVE every time, each suspension followed by its restore in the payment', async () => {
    const COMPANIES = 16;
    const all = await Promise.all(Array.from({ length: COMPANIES }, () => customer()));
    const cards = await Promise.all(all.map((c) => addCard(c.client)));
    const charge = async (companyId: number) => {
      for (const service of await inTransaction((x) => billing.runningServices(x, { companyId })))
        await inTransaction((x) => billing.chargeServiceNow(x, { serviceId: service.id }));
    };
    // Half are charged and suspended before the race, so their payments always meet the suspension they must lift;
    // the other half are charged during it, so sweeps meet companies in debt while payments land.
    const half = COMPANIES / 2;
    for (const c of all.slice(0, half)) await charge(c.company.id);
    expect(await inTransaction(suspendOutOfCredit)).toBe(half);
    // The sweep runs again and again while the payments are in flight, as its job does on several nodes.
    let paying = true;
    const sweeps = (async () => {
      do await inTransaction(suspendOutOfCredit);
      while (paying);
    })();
    // Two customers pay at a time, one after another, so the sweeps reach some companies before their payment and
    // some after it.
    const payChain = async (chain: typeof all) => {
      for (const c of chain) {
        const paid = await c.client.call(chargePaymentMethod, { target_topup_id: option25, target_card_id: cards[all.indexOf(c)] ?? 0 });
        expect(paid.status, JSON.stringify(paid)).toBe('ok');
      }
    };
    const payments = Promise.all([payChain(all.filter((_, i) => i % 2 === 0)), payChain(all.filter((_, i) => i % 2 === 1))]).finally(() => {
      paying = false;
    });
    await Promise.all([sweeps, payments, ...all.slice(half).map((c) => charge(c.company.id))]);
    let suspended = 0;
    for (const c of all) {
      expect(await billing.balanceOf(job(), { companyId: c.company.id })).toBe(2430);
      expect(await stateOf(c.company.id)).toBe('ACTIVE');
      expect(await markOf(c.company.id)).toBe(false);
      const lines = (await companyEvents(t, c.company.id)).map((e) => e.event).filter((e) => e.includes('SUSPENDED'));
      expect(lines.filter((e) => e === RESTORED)).toHaveLength(lines.length / 2);
      if (lines.length) suspended++;
    }
    expect(suspended).toBeGreaterThanOrEqual(half);
    expect(await billing.verifyLedger(job())).toEqual([]);
  });
});
