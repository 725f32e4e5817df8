import { getAuthContext } from '@portal/contract/auth/auth-context';
import { listCreditPacks } from '@portal/contract/billing/credit-packs';
import {
  authorizePaymentMethod,
  BILLING_DETAILS_NEEDED,
  CARD_NOT_FOUND,
  CARD_SESSION_NOT_FOUND,
  completePaymentMethod,
  deletePaymentMethod,
  listPaymentMethods,
  setDefaultPaymentMethod,
} from '@portal/contract/payments/cards';
import { chargePaymentMethod, PAYMENT_FAILED, SELECT_CARD, SELECT_TOPUP } from '@portal/contract/payments/charges';
import { adminEditTopupOption } from '@portal/contract/payments/topup-options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { appWith, createTestContext, newCompany, ok, ON_POSTGRES, TestClient, type TestContext } from '../../test/harness.ts';
import { mailsTo } from '../../test/mail.ts';
import { allTablesText, setCompany } from '../../test/rows.ts';

let t: TestContext;
/** The app under test, with its log lines kept to look for card numbers in. */
let app: FastifyInstance;
let admin: TestClient;
const logLines: string[] = [];
let option25: number;
let option100: number;

const BILLING = { phone_number: '+64 9 555 0100', street_address: '1 Queen Street', city: 'Auckland', postal_code: '1010' };

beforeAll(async () => {
  t = await createTestContext();
  app = await appWith(
    t,
    { LOG_LEVEL: 'debug', PUBLIC_URL: 'http://portal.test' },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
  const adminUser = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user.id;
  admin = await new TestClient(app).useSession(t.db, t.clock, adminUser);
  option25 = ok(await admin.call(adminEditTopupOption, { id: -1, name: '$25 top-up', cost: 2500, amount: 2500, expiry_length_days: 0 }))
    .data.id;
  option100 = ok(
    await admin.call(adminEditTopupOption, { id: -1, name: '$100 top-up', cost: 10_000, amount: 11_000, expiry_length_days: 365 }),
  ).data.id;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

async function customer() {
  const made = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
  await setCompany(t, made.company.id, BILLING);
  return { ...made, client: await new TestClient(app).useSession(t.db, t.clock, made.user.id) };
}

/** The hosted card page as the browser drives it: the page, then its form posted to the sandbox. */
async function enterCard(client: TestClient, number: string, o: { expiry?: string; challenge?: boolean } = {}) {
  const started = ok(await client.call(authorizePaymentMethod, {})).data;
  const url = new URL(started.url);
  expect(url.origin).toBe('http://portal.test');
  const pageRes = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(pageRes.statusCode).toBe(200);
  const entry = await app.inject({
    method: 'POST',
    url: '/sandbox-gateway/card/enter',
    payload: { session: started.session, number, expiry: o.expiry ?? '12/30', cvc: '123', name: 'Casey Customer' },
  });
  if (o.challenge !== undefined) {
    await app.inject({
      method: 'POST',
      url: '/sandbox-gateway/card/challenge',
      payload: { session: started.session, passed: o.challenge },
    });
  }
  return { session: started.session, page: pageRes, entry: entry.json() as { state: string; response_text?: string } };
}

async function addCard(client: TestClient, number: string, o: { expiry?: string; challenge?: boolean } = {}) {
  const { session } = await enterCard(client, number, o);
  return ok(await client.call(completePaymentMethod, { session })).data;
}

describe('hosted card page', () => {
  it('is framed by the portal only, runs its script from a file, and posts to the sandbox', async () => {
    const { client } = await customer();
    const { page } = await enterCard(client, '4242424242424242');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(page.body).toContain('<script src="/sandbox-gateway/card.js">');
    expect(page.body).toContain('data-parent-origin="http://portal.test"');
    expect(page.body).not.toMatch(/<script>[^<]/);
    const script = await app.inject({ method: 'GET', url: '/sandbox-gateway/card.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('postMessage');
    expect(script.body).toContain('parentOrigin');
  });

  it('answers an unknown session with gone', async () => {
    const res = await app.inject({ method: 'GET', url: '/sandbox-gateway/card?session=ses_nope' });
    expect(res.statusCode).toBe(410);
  });
});

describe('authorize and complete', () => {
  it('needs the billing details first, with the spec messages', async () => {
    const { client, company } = await customer();
    await setCompany(t, company.id, { phone_number: '', city: '' });
    const res = await client.call(authorizePaymentMethod, {});
    expect(res).toMatchObject({
      status: 'error',
      code: 400,
      message: BILLING_DETAILS_NEEDED,
      data: { fields: { company_phone_number: 'Please enter your phone number', company_address_city: 'Please enter your city' } },
    });
  });

  it('saves an approved card with its $1 hold and release, the first one as default', async () => {
    const { client } = await customer();
    const added = await addCard(client, '4242 4242 4242 4242');
    expect(added).toMatchObject({
      result: 'success',
      card: { card_type: 'Visa', card_number: '•••• •••• •••• 4242', card_expiry: '12/2030', is_default: true },
    });
    const second = await addCard(client, '5555555555554444');
    expect(second.card).toMatchObject({ card_type: 'Mastercard', is_default: false });
    const list = ok(await client.call(listPaymentMethods, { page: 1, page_size: 20 })).data;
    expect(list.total).toBe(2);
    expect(list.rows[0]).toMatchObject({
      card_type: 'Visa',
      is_default: true,
      transaction_success_count: 2,
      transaction_failure_count: 0,
      charged_amount: 0,
    });
    expect(list.rows[0]?.last_transaction).not.toBeNull();
  });

  it('completing one session twice saves one card', async () => {
    const { client } = await customer();
    const { session } = await enterCard(client, '4242424242424242');
    const first = ok(await client.call(completePaymentMethod, { session })).data;
    const again = ok(await client.call(completePaymentMethod, { session })).data;
    expect(again.card?.id).toBe(first.card?.id);
    expect(ok(await client.call(listPaymentMethods, { page: 1, page_size: 20 })).data.total).toBe(1);
  });

  it('fails a declined card, errors on a gateway failure, and saves neither', async () => {
    const { client } = await customer();
    expect(await addCard(client, '4000000000000002')).toEqual({ result: 'fail', response_text: 'Card declined', card: null });
    expect(await addCard(client, '4000000000000119')).toMatchObject({ result: 'error', card: null });
    expect(await addCard(client, '4242424242424242', { expiry: '01/20' })).toEqual({
      result: 'fail',
      response_text: 'Card expired',
      card: null,
    });
    expect(ok(await client.call(listPaymentMethods, { page: 1, page_size: 20 })).data.total).toBe(0);
  });

  it('takes a 3-D Secure card once the challenge is passed, and fails it otherwise', async () => {
    const { client } = await customer();
    expect(await addCard(client, '4000000000003220', { challenge: false })).toMatchObject({
      result: 'fail',
      response_text: '3-D Secure authentication failed',
    });
    expect(await addCard(client, '4000000000003220', { challenge: true })).toMatchObject({ result: 'success' });
  });

  it("never completes another company's session", async () => {
    const a = await customer();
    const b = await customer();
    const { session } = await enterCard(a.client, '4242424242424242');
    expect(ok(await b.client.call(completePaymentMethod, { session })).data).toEqual({
      result: 'fail',
      response_text: CARD_SESSION_NOT_FOUND,
      card: null,
    });
    expect(ok(await a.client.call(completePaymentMethod, { session })).data.result).toBe('success');
  });
});

describe('make default and delete', () => {
  it('moves the default, and deleting the default promotes the newest', async () => {
    const { client } = await customer();
    const visa = (await addCard(client, '4242424242424242')).card;
    t.clock.advance(1000);
    const mc = (await addCard(client, '5555555555554444')).card;
    if (!visa || !mc) throw new Error('cards not added');
    ok(await client.call(setDefaultPaymentMethod, { card_id: mc.id }));
    let rows = ok(await client.call(listPaymentMethods, { page: 1, page_size: 20 })).data.rows;
    expect(rows.map((r) => [r.id, r.is_default])).toEqual([
      [mc.id, true],
      [visa.id, false],
    ]);
    ok(await client.call(deletePaymentMethod, { card_id: mc.id }));
    rows = ok(await client.call(listPaymentMethods, { page: 1, page_size: 20 })).data.rows;
    expect(rows.map((r) => [r.id, r.is_default])).toEqual([[visa.id, true]]);
    expect(await client.call(deletePaymentMethod, { card_id: mc.id })).toMatchObject({
      status: 'error',
      code: 404,
      message: CARD_NOT_FOUND,
    });
  });

  it('tells the auth context whether a saved card is left: set by the first card, cleared with the last', async () => {
    const { client } = await customer();
    const hasCard = async () => ok(await client.call(getAuthContext, {})).data?.has_saved_card;
    expect(await hasCard()).toBe(false);
    const visa = (await addCard(client, '4242424242424242')).card;
    const mc = (await addCard(client, '5555555555554444')).card;
    if (!visa || !mc) throw new Error('cards not added');
    expect(await hasCard()).toBe(true);
    ok(await client.call(deletePaymentMethod, { card_id: visa.id }));
    expect(await hasCard()).toBe(true);
    ok(await client.call(deletePaymentMethod, { card_id: mc.id }));
    expect(await hasCard()).toBe(false);
  });

  it("refuses another company's card as not found", async () => {
    const a = await customer();
    const b = await customer();
    const card = (await addCard(a.client, '4242424242424242')).card;
    if (!card) throw new Error('card not added');
    expect(await b.client.call(setDefaultPaymentMethod, { card_id: card.id })).toMatchObject({ status: 'error', code: 404 });
    expect(await b.client.call(deletePaymentMethod, { card_id: card.id })).toMatchObject({ status: 'error', code: 404 });
    expect(await b.client.call(chargePaymentMethod, { target_topup_id: option25, target_card_id: card.id })).toMatchObject({
      status: 'error',
      code: 404,
    });
    expect(ok(await a.client.call(listPaymentMethods, { page: 1, page_size: 20 })).data.total).toBe(1);
    expect(ok(await b.client.call(listPaymentMethods, { page: 1, page_size: 20 })).data.total).toBe(0);
  });
});

describe('pay once', () => {
  const balance = async (client: TestClient) => ok(await client.call(listCreditPacks, { page: 1, page_size: 5 })).data;

  it('names the missing topup and card with the spec messages', async () => {
    const { client } = await customer();
    const res = await client.post(chargePaymentMethod.path, {});
    expect(res.json()).toMatchObject({ code: 400, data: { fields: { target_topup_id: SELECT_TOPUP, target_card_id: SELECT_CARD } } });
  });

  it('charges the card and adds the pack with the option amount, cost and expiry', async () => {
    const { client } = await customer();
    const card = (await addCard(client, '4242424242424242')).card;
    if (!card) throw new Error('card not added');
    const paid = ok(
      await client.call(chargePaymentMethod, { target_topup_id: option100, target_card_id: card.id, idempotency_key: 'pay-once-1' }),
    ).data;
    expect(paid).toMatchObject({ success: true, amount: 11_000, cost: 10_000, balance: 11_000 });
    const packs = await balance(client);
    expect(packs.balance).toBe(11_000);
    expect(packs.rows[0]).toMatchObject({ name: '$100 top-up', amount: 11_000 });
    expect(new Date(String(packs.rows[0]?.expiry_date)).getTime() - t.clock.now().getTime()).toBe(365 * 86_400_000);
    const listed = ok(await client.call(listPaymentMethods, { page: 1, page_size: 20 })).data.rows[0];
    expect(listed).toMatchObject({ charged_amount: 10_000, transaction_success_count: 3 });
    // The same key again: the first answer, no second charge.
    const again = ok(
      await client.call(chargePaymentMethod, { target_topup_id: option100, target_card_id: card.id, idempotency_key: 'pay-once-1' }),
    ).data;
    expect(again).toMatchObject({ success: true, credit_pack_id: paid.credit_pack_id, balance: 11_000 });
    expect((await balance(client)).total).toBe(1);
  });

  it('a decline writes only the failed card transaction, with the spec message', async () => {
    const { client } = await customer();
    const card = (await addCard(client, '4000000000000341')).card;
    if (!card) throw new Error('card not added');
    const res = ok(await client.call(chargePaymentMethod, { target_topup_id: option25, target_card_id: card.id })).data;
    expect(res).toMatchObject({ success: false, message: `${PAYMENT_FAILED} Insufficient funds`, credit_pack_id: null, balance: 0 });
    expect((await balance(client)).total).toBe(0);
    const listed = ok(await client.call(listPaymentMethods, { page: 1, page_size: 20 })).data.rows[0];
    expect(listed).toMatchObject({ transaction_failure_count: 1, charged_amount: 0 });
  });

  it('a 3-D Secure card is not charged before the customer answers the issuer challenge', async () => {
    const { client } = await customer();
    const card = (await addCard(client, '4000000000003220', { challenge: true })).card;
    if (!card) throw new Error('card not added');
    const res = ok(await client.call(chargePaymentMethod, { target_topup_id: option25, target_card_id: card.id })).data;
    expect(res).toMatchObject({ success: false, response_text: '3-D Secure authentication required', credit_pack_id: null });
    // The challenge itself, and completing it: pay-once-3ds.test.ts.
    expect(res.challenge?.url).toContain('/sandbox-gateway/challenge?session=');
    expect((await balance(client)).balance).toBe(0);
  });

  it('after a timeout, the retry with the same key charges once and adds one pack', async () => {
    const { client } = await customer();
    const card = (await addCard(client, '4000000000000259')).card;
    if (!card) throw new Error('card not added');
    const input = { target_topup_id: option25, target_card_id: card.id, idempotency_key: 'timeout-key-1' };
    expect(await client.call(chargePaymentMethod, input)).toMatchObject({ status: 'error', code: 504 });
    expect((await balance(client)).total).toBe(0);
    const retry = ok(await client.call(chargePaymentMethod, input)).data;
    expect(retry).toMatchObject({ success: true, balance: 2500 });
    const listed = ok(await client.call(listPaymentMethods, { page: 1, page_size: 20 })).data.rows[0];
    // The hold, its release and one charge of $25.
    expect(listed).toMatchObject({ charged_amount: 2500, transaction_success_count: 3 });
  });

  it.runIf(ON_POSTGRES)('the same key sent by parallel connections charges once', async () => {
    const { client, user } = await customer();
    const card = (await addCard(client, '4242424242424242')).card;
    if (!card) throw new Error('card not added');
    const clients = await Promise.all(Array.from({ length: 6 }, () => new TestClient(app).useSession(t.db, t.clock, user.id)));
    const input = { target_topup_id: option25, target_card_id: card.id, idempotency_key: 'parallel-key-1' };
    const answers = await Promise.all(clients.map((c) => c.call(chargePaymentMethod, input)));
    for (const a of answers) expect(ok(a).data).toMatchObject({ success: true, balance: 2500 });
    expect(new Set(answers.map((a) => ok(a).data.credit_pack_id)).size).toBe(1);
    expect((await balance(client)).total).toBe(1);
    const listed = ok(await client.call(listPaymentMethods, { page: 1, page_size: 20 })).data.rows[0];
    expect(listed).toMatchObject({ charged_amount: 2500 });
  });
});

describe('mail', () => {
  it('tells the billing contacts of a card added, a payment and a card removed, through the outbox', async () => {
    const { client, user } = await customer();
    const card = (await addCard(client, '4242424242424242')).card;
    if (!card) throw new Error('card not added');
    ok(await client.call(chargePaymentMethod, { target_topup_id: option100, target_card_id: card.id }));
    ok(await client.call(deletePaymentMethod, { card_id: card.id }));
    const mails = await mailsTo(t.db, user.email);
    expect(mails.map((m) => m.template)).toEqual(expect.arrayContaining(['card_added', 'payment_receipt', 'card_removed']));
    const receipt = mails.find((m) => m.template === 'payment_receipt');
    expect(receipt?.text_body).toContain('$100.00');
    expect(receipt?.text_body).toContain('$110.00');
    expect(receipt?.text_body).toContain('Visa ending 4242');
  });

  it('sends no receipt for a declined payment', async () => {
    const { client, user } = await customer();
    const card = (await addCard(client, '4000000000000341')).card;
    if (!card) throw new Error('card not added');
    ok(await client.call(chargePaymentMethod, { target_topup_id: option25, target_card_id: card.id }));
    expect((await mailsTo(t.db, user.email)).map((m) => m.template)).toEqual(['card_added']);
  });
});

describe('card numbers', () => {
  it('after adds, charges and failures, no table and no log line holds a full test card number', async () => {
    const text = await allTablesText(t);
    const logs = logLines.join('');
    for (const number of [
      '4242424242424242',
      '5555555555554444',
      '4000000000000002',
      '4000000000000119',
      '4000000000003220',
      '4000000000000341',
      '4000000000000259',
    ]) {
      expect(text).not.toContain(number);
      expect(logs).not.toContain(number);
    }
    expect(text.length).toBeGreaterThan(1000);
  });
});
