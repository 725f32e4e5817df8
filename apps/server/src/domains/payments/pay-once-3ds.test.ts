import { authorizePaymentMethod, completePaymentMethod } from '@portal/contract/payments/cards';
import {
  CHALLENGE_REQUIRED,
  chargePaymentMethod,
  GATEWAY_TIMEOUT,
  PAYMENT_FAILED,
  TOPUP_NOT_FOUND,
} from '@portal/contract/payments/charges';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallContext, runInContext, systemSource } from '../../platform/context.ts';
import { jobContext } from '../../test/context.ts';
import { createTestContext, newCompany, ok, ON_POSTGRES, parallelClients, TestClient, type TestContext } from '../../test/harness.ts';
import { mailsTo } from '../../test/mail.ts';
import { cardTransactionsOf, companyEvents, creditPacksOf, insertTopupOption, setCompany } from '../../test/rows.ts';
import * as billing from '../billing/service.ts';
import { ABANDONED_CHARGE_MS } from './abandoned-charges.ts';
import * as paymentJobs from './jobs.ts';

/** Pay once with a card whose issuer asks for 3-D Secure (docs/decisions/0041). */
let t: TestContext;
let app: FastifyInstance;
let option25: number;
const THREE_DS_CARD = '4000000000003220';
/** The sandbox card whose charges go through but whose first answer is lost on the way back. */
const TIMEOUT_CARD = '4000000000000259';
const QUIET = { info: () => {}, warn: () => {}, error: () => {} };
const BILLING = { phone_number: '+64 9 555 0100', street_address: '1 Queen Street', city: 'Auckland', postal_code: '1010' };

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'http://portal.test' });
  app = t.app;
  option25 = (await insertTopupOption(t, { name: '$25 top-up', cost: 2500, amount: 2500 })).id;
});
afterAll(() => t.close());

async function customer(number = THREE_DS_CARD) {
  const made = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
  await setCompany(t, made.company.id, BILLING);
  const client = await new TestClient(app).useSession(t.db, t.clock, made.user.id);
  // The card is added through the hosted card page, passing the issuer's check there as a customer does.
  const started = ok(await client.call(authorizePaymentMethod, {})).data;
  const card = { session: started.session, number, expiry: '12/30', cvc: '123', name: 'Casey Customer' };
  await app.inject({ method: 'POST', url: '/sandbox-gateway/card/enter', payload: card });
  if (number === THREE_DS_CARD) {
    await app.inject({ method: 'POST', url: '/sandbox-gateway/card/challenge', payload: { session: started.session, passed: true } });
  }
  const added = ok(await client.call(completePaymentMethod, { session: started.session })).data;
  if (!added.card) throw new Error(`card not added: ${added.response_text}`);
  return { ...made, client, cardId: added.card.id };
}

/** Another card for the same customer, through the hosted card page. */
async function addCard(client: TestClient, number: string): Promise<number> {
  const started = ok(await client.call(authorizePaymentMethod, {})).data;
  await app.inject({
    method: 'POST',
    url: '/sandbox-gateway/card/enter',
    payload: { session: started.session, number, expiry: '11/31', cvc: '321', name: 'Casey Customer' },
  });
  const added = ok(await client.call(completePaymentMethod, { session: started.session })).data;
  if (!added.card) throw new Error(`card not added: ${added.response_text}`);
  return added.card.id;
}

/** The issuer's page as the framed browser drives it: shown, then answered. */
async function answerChallenge(url: string, passed: boolean) {
  const page = await app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search });
  const session = new URL(url).searchParams.get('session');
  const answer = await app.inject({ method: 'POST', url: '/sandbox-gateway/card/challenge', payload: { session, passed } });
  return { page, answer };
}

const purchases = async (companyId: number) => (await creditPacksOf(t, companyId)).filter((p) => p.source === 'purchase');
const charges = async (companyId: number) => (await cardTransactionsOf(t, companyId)).filter((r) => r.kind === 'charge');

describe('pay once with a card that needs 3-D Secure', () => {
  it('answers with the issuer challenge, then charges once the challenge is passed: one pack, one transaction', async () => {
    const c = await customer();
    const input = { target_topup_id: option25, target_card_id: c.cardId, idempotency_key: 'pay-3ds-passed-1' };
    const first = ok(await c.client.call(chargePaymentMethod, input)).data;
    expect(first).toMatchObject({ success: false, message: CHALLENGE_REQUIRED, credit_pack_id: null, balance: 0 });
    if (!first.challenge) throw new Error('no challenge');
    expect(new URL(first.challenge.url).origin).toBe('http://portal.test');
    // Nothing is decided while the customer is in the challenge.
    expect((await charges(c.company.id)).map((r) => r.success)).toEqual([null]);
    expect(await purchases(c.company.id)).toHaveLength(0);

    const { page, answer } = await answerChallenge(first.challenge.url, true);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('US$25.00');
    expect(page.body).toContain('data-parent-origin="http://portal.test"');
    expect(page.body).toContain(`data-session="${first.challenge.session}"`);
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(answer.json()).toEqual({ state: 'passed' });

    const done = ok(await c.client.call(chargePaymentMethod, input)).data;
    expect(done).toMatchObject({ success: true, amount: 2500, cost: 2500, balance: 2500, challenge: null });
    // Sent again (a double click, a lost answer): the same outcome, nothing more.
    const again = ok(await c.client.call(chargePaymentMethod, input)).data;
    expect(again).toMatchObject({ success: true, credit_pack_id: done.credit_pack_id, balance: 2500 });
    expect((await purchases(c.company.id)).map((p) => p.amount)).toEqual([2500]);
    expect((await charges(c.company.id)).map((r) => [r.success, r.charged_amount, r.credit_pack_id])).toEqual([
      [true, 2500, done.credit_pack_id],
    ]);
    expect((await mailsTo(t.db, c.user.email)).filter((m) => m.template === 'payment_receipt')).toHaveLength(1);
    // The challenge is over: its page is gone and it cannot be answered again.
    expect((await answerChallenge(first.challenge.url, false)).page.statusCode).toBe(410);
    expect(await billing.verifyLedger(jobContext(t))).toEqual([]);
  });

  it('writes no pack and no successful transaction when the challenge is failed', async () => {
    const c = await customer();
    const input = { target_topup_id: option25, target_card_id: c.cardId, idempotency_key: 'pay-3ds-failed-1' };
    const first = ok(await c.client.call(chargePaymentMethod, input)).data;
    if (!first.challenge) throw new Error('no challenge');
    const { answer } = await answerChallenge(first.challenge.url, false);
    expect(answer.json()).toMatchObject({ state: 'failed', response_text: '3-D Secure authentication failed' });
    const done = ok(await c.client.call(chargePaymentMethod, input)).data;
    expect(done).toMatchObject({
      success: false,
      message: `${PAYMENT_FAILED} 3-D Secure authentication failed`,
      credit_pack_id: null,
      balance: 0,
      challenge: null,
    });
    expect(await purchases(c.company.id)).toHaveLength(0);
    expect((await charges(c.company.id)).map((r) => r.success)).toEqual([false]);
  });

  it('writes nothing for an abandoned challenge: sent again it is the same challenge, and it declines once expired', async () => {
    const c = await customer();
    const input = { target_topup_id: option25, target_card_id: c.cardId, idempotency_key: 'pay-3ds-abandoned-1' };
    const first = ok(await c.client.call(chargePaymentMethod, input)).data;
    const second = ok(await c.client.call(chargePaymentMethod, input)).data;
    expect(second.challenge).toEqual(first.challenge);
    expect(await purchases(c.company.id)).toHaveLength(0);
    expect((await charges(c.company.id)).map((r) => r.success)).toEqual([null]);

    t.clock.advance(31 * 60_000);
    const expired = ok(await c.client.call(chargePaymentMethod, input)).data;
    expect(expired).toMatchObject({
      success: false,
      challenge: null,
      response_text: '3-D Secure authentication was not completed in time',
    });
    if (!first.challenge) throw new Error('no challenge');
    expect((await answerChallenge(first.challenge.url, true)).page.statusCode).toBe(410);
    expect(await purchases(c.company.id)).toHaveLength(0);
    expect((await charges(c.company.id)).map((r) => r.success)).toEqual([false]);
  });

  it('keeps another payment key apart: a new payment gets a challenge of its own', async () => {
    const c = await customer();
    const a = ok(
      await c.client.call(chargePaymentMethod, { target_topup_id: option25, target_card_id: c.cardId, idempotency_key: 'pay-3ds-a-1' }),
    ).data;
    const b = ok(
      await c.client.call(chargePaymentMethod, { target_topup_id: option25, target_card_id: c.cardId, idempotency_key: 'pay-3ds-b-1' }),
    ).data;
    expect(a.challenge?.session).toBeTruthy();
    expect(b.challenge?.session).not.toBe(a.challenge?.session);
  });
});

describe('pay once with a card that needs 3-D Secure, with credit already', () => {
  it('answers the challenge with the balance the company has meanwhile', async () => {
    const c = await customer();
    await billing.addCredit(jobContext(t), {
      company_id: c.company.id,
      name: 'Welcome',
      amount: 500,
      source: 'admin',
      added_by_user: 'Ada',
    });
    const asked = ok(await c.client.call(chargePaymentMethod, { target_topup_id: option25, target_card_id: c.cardId })).data;
    expect(asked).toMatchObject({ success: false, message: CHALLENGE_REQUIRED, balance: 500, amount: 0, cost: 0 });
  });
});

describe('pay once with a card that needs no challenge', () => {
  const PLAIN_CARD = '4242424242424242';
  // Saved without trouble; its charges are declined.
  const DECLINE_CARD = '4000000000000341';

  it('pays at once: the pack names the payer and expires as the option says, with a history line and a receipt', async () => {
    const c = await customer(PLAIN_CARD);
    const option = await insertTopupOption(t, { name: 'Ten dollars', cost: 1000, amount: 1200, expiry_length_days: 30 });
    const paid = ok(await c.client.call(chargePaymentMethod, { target_topup_id: option.id, target_card_id: c.cardId })).data;
    const [pack] = await purchases(c.company.id);
    expect(paid).toEqual({
      success: true,
      message: 'Payment successful',
      response_text: paid.response_text,
      credit_pack_id: pack?.id,
      amount: 1200,
      cost: 1000,
      balance: 1200,
      challenge: null,
    });
    expect(pack).toMatchObject({ name: 'Ten dollars', amount: 1200, cost: 1000, added_by_user: `Test User <${c.user.email}>` });
    expect(pack?.expiry_date?.getTime()).toBe(t.clock.now().getTime() + 30 * 86_400_000);
    expect((await companyEvents(t, c.company.id)).map((e) => e.event)).toContain('Paid $10.00 by Visa ending 4242 for Ten dollars');
    const receipts = (await mailsTo(t.db, c.user.email)).filter((m) => m.template === 'payment_receipt');
    expect(receipts).toHaveLength(1);
    const [row] = await charges(c.company.id);
    expect([row?.success, row?.item, row?.charged_amount, row?.credit_pack_id]).toEqual([true, 'Top-up: Ten dollars', 1000, pack?.id]);
    // The receipt names the card and the processor's reference for the charge.
    expect(receipts[0]?.text_body).toContain('Visa ending 4242');
    expect(row?.gateway_transaction_id).toBeTruthy();
    expect(receipts[0]?.text_body).toContain(String(row?.gateway_transaction_id));
  });

  it('answers a decline with the reason, no amount and no pack', async () => {
    const c = await customer(DECLINE_CARD);
    const declined = ok(await c.client.call(chargePaymentMethod, { target_topup_id: option25, target_card_id: c.cardId })).data;
    expect(declined).toMatchObject({ success: false, credit_pack_id: null, amount: 0, cost: 0, balance: 0, challenge: null });
    expect(declined.message).toBe(`${PAYMENT_FAILED} ${declined.response_text}`);
    expect(declined.response_text).not.toBe('');
    expect(await purchases(c.company.id)).toEqual([]);
    // A decline is no payment: no "Paid" line in the history and no receipt.
    expect((await companyEvents(t, c.company.id)).filter((e) => e.event.startsWith('Paid '))).toEqual([]);
    expect((await mailsTo(t.db, c.user.email)).filter((m) => m.template === 'payment_receipt')).toEqual([]);
  });

  it('refuses a key sent again with another card of the same company', async () => {
    const c = await customer(PLAIN_CARD);
    const second = await addCard(c.client, PLAIN_CARD);
    const key = 'pay-card-key-1';
    ok(await c.client.call(chargePaymentMethod, { target_topup_id: option25, target_card_id: c.cardId, idempotency_key: key }));
    expect(
      await c.client.call(chargePaymentMethod, { target_topup_id: option25, target_card_id: second, idempotency_key: key }),
    ).toMatchObject({
      code: 409,
      message: 'This payment key was used for another payment',
    });
    expect(await purchases(c.company.id)).toHaveLength(1);
  });

  it('refuses an unknown option and one the customer is not offered', async () => {
    const c = await customer(PLAIN_CARD);
    const hidden = await insertTopupOption(t, { cost: 700, amount: 700, is_user_visible: false });
    for (const target_topup_id of [hidden.id, 2_000_000_000]) {
      expect(await c.client.call(chargePaymentMethod, { target_topup_id, target_card_id: c.cardId })).toMatchObject({
        code: 400,
        message: TOPUP_NOT_FOUND,
        data: { fields: { target_topup_id: TOPUP_NOT_FOUND } },
      });
    }
    expect(await charges(c.company.id)).toEqual([]);
  });

  it("keeps one company's payment keys apart from another's, and refuses a key sent again for another payment", async () => {
    const a = await customer(PLAIN_CARD);
    const b = await customer(PLAIN_CARD);
    const key = 'pay-shared-key-1';
    for (const c of [a, b]) {
      expect(
        ok(await c.client.call(chargePaymentMethod, { target_topup_id: option25, target_card_id: c.cardId, idempotency_key: key })).data
          .success,
      ).toBe(true);
      expect(await purchases(c.company.id)).toHaveLength(1);
    }
    const other = await insertTopupOption(t, { cost: 900, amount: 900 });
    expect(
      await a.client.call(chargePaymentMethod, { target_topup_id: other.id, target_card_id: a.cardId, idempotency_key: key }),
    ).toMatchObject({
      code: 409,
      message: 'This payment key was used for another payment',
    });
    expect(await purchases(a.company.id)).toHaveLength(1);
  });
});

describe('pay-once charges whose page never came back, settled by the job (decision 0071)', () => {
  const settle = () => runInContext(app.deps, systemSource(QUIET), (ctx) => paymentJobs.settleAbandonedChargesJob(ctx as CallContext));

  it('an hour on: a passed challenge gets its pack and receipt once, an unanswered one fails, a timed-out charge is asked again', async () => {
    const passed = await customer();
    const passedInput = { target_topup_id: option25, target_card_id: passed.cardId, idempotency_key: 'settle-passed-1' };
    const challenged = ok(await passed.client.call(chargePaymentMethod, passedInput)).data;
    if (!challenged.challenge) throw new Error('no challenge');
    // The customer passes the issuer's check, and the tab closes before the page sends the payment again.
    expect((await answerChallenge(challenged.challenge.url, true)).answer.json()).toEqual({ state: 'passed' });
    const left = await customer();
    ok(
      await left.client.call(chargePaymentMethod, {
        target_topup_id: option25,
        target_card_id: left.cardId,
        idempotency_key: 'settle-left-1',
      }),
    );
    const slow = await customer(TIMEOUT_CARD);
    const timedOut = await slow.client.call(chargePaymentMethod, {
      target_topup_id: option25,
      target_card_id: slow.cardId,
      idempotency_key: 'settle-slow-1',
    });
    expect(timedOut).toMatchObject({ status: 'error', code: 504, message: GATEWAY_TIMEOUT });
    const pending = async () => [passed, left, slow].map(async (c) => (await charges(c.company.id)).map((r) => r.success));
    expect(await Promise.all(await pending())).toEqual([[null], [null], [null]]);

    // Within the hour the page may still come back: nothing is asked.
    t.clock.advance(ABANDONED_CHARGE_MS - 60_000);
    await settle();
    expect(await Promise.all(await pending())).toEqual([[null], [null], [null]]);

    t.clock.advance(2 * 60_000);
    expect(await settle()).toBeGreaterThanOrEqual(3);
    expect(await settle()).toBe(0);
    expect(await Promise.all(await pending())).toEqual([[true], [false], [true]]);
    for (const c of [passed, slow]) {
      expect((await purchases(c.company.id)).map((p) => [p.amount, p.added_by_user])).toEqual([[2500, 'Payment check']]);
      expect(await billing.balanceOf(jobContext(t), { companyId: c.company.id })).toBe(2500);
      expect((await mailsTo(t.db, c.user.email)).filter((m) => m.template === 'payment_receipt')).toHaveLength(1);
    }
    expect(await purchases(left.company.id)).toEqual([]);
    expect((await charges(left.company.id))[0]?.response_text).toBe('3-D Secure authentication was not completed in time');

    // The page that comes back after all is answered the settled outcome: the same pack, nothing more.
    const back = await new TestClient(app).useSession(t.db, t.clock, passed.user.id);
    const late = ok(await back.call(chargePaymentMethod, passedInput)).data;
    expect(late).toMatchObject({ success: true, balance: 2500 });
    expect(await purchases(passed.company.id)).toHaveLength(1);
    expect(await billing.verifyLedger(jobContext(t))).toEqual([]);
  });
});

/** Completing one challenged payment from several tabs at once, on PostgreSQL's parallel connections. */
describe.skipIf(!ON_POSTGRES)('completing a 3-D Secure payment at once (PostgreSQL)', () => {
  const N = 8;

  it('charges once however many completions and challenge answers race', async () => {
    const c = await customer();
    const input = { target_topup_id: option25, target_card_id: c.cardId, idempotency_key: 'pay-3ds-race-1' };
    const first = ok(await c.client.call(chargePaymentMethod, input)).data;
    if (!first.challenge) throw new Error('no challenge');
    const session = first.challenge.session;
    // The issuer's page answered several times at once: one answer decides.
    const answers = await Promise.all(
      Array.from({ length: N }, () =>
        app.inject({ method: 'POST', url: '/sandbox-gateway/card/challenge', payload: { session, passed: true } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(N - 1).fill(410)]);

    const clients = await parallelClients(t, N, c.user.id);
    const results = await Promise.all(clients.map((client) => client.call(chargePaymentMethod, input)));
    const packIds = results.map((r) => ok(r).data).map((d) => [d.success, d.credit_pack_id]);
    const [firstPack] = packIds;
    expect(packIds).toEqual(Array(N).fill(firstPack));
    expect(firstPack?.[0]).toBe(true);
    expect((await purchases(c.company.id)).map((p) => p.amount)).toEqual([2500]);
    expect((await charges(c.company.id)).map((r) => r.success)).toEqual([true]);
    expect(await billing.balanceOf(jobContext(t), { companyId: c.company.id })).toBe(2500);
    expect(await billing.verifyLedger(jobContext(t))).toEqual([]);
  });
});
