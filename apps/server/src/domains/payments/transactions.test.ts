import { adminCreateCreditPack } from '@portal/contract/billing/credit-packs';
import { authorizePaymentMethod, completePaymentMethod } from '@portal/contract/payments/cards';
import { chargePaymentMethod } from '@portal/contract/payments/charges';
import { adminEditTopupOption } from '@portal/contract/payments/topup-options';
import {
  TRANSACTION_PAGE_SIZE,
  adminCompanySavedCards,
  adminCompanyTransactions,
  downloadInvoice,
  listTransactions,
} from '@portal/contract/payments/transactions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCardPurchase } from '../../test/factories.ts';
import { appWith, createTestContext, newCompany, ok, TestClient, type TestContext } from '../../test/harness.ts';
import { setCompany } from '../../test/rows.ts';
import { pdfText } from './pdf/pdftotext.ts';

let t: TestContext;
let app: FastifyInstance;
let admin: TestClient;
let option: number;

beforeAll(async () => {
  t = await createTestContext();
  app = await appWith(t, { PUBLIC_URL: 'http://portal.test' });
  const adminUser = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user.id;
  admin = await new TestClient(app).useSession(t.db, t.clock, adminUser);
  option = ok(await admin.call(adminEditTopupOption, { id: -1, name: '$100 top-up', cost: 10_000, amount: 11_000, expiry_length_days: 0 }))
    .data.id;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

async function customer(name = 'Whānau Backups') {
  const made = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth', company_name: name });
  await setCompany(t, made.company.id, {
    phone_number: '+64 9 555 0100',
    street_address: '1 Queen Street',
    city: 'Auckland',
    postal_code: '1010',
  });
  return { ...made, client: await new TestClient(app).useSession(t.db, t.clock, made.user.id) };
}

async function addCard(client: TestClient, number: string) {
  const started = ok(await client.call(authorizePaymentMethod, {})).data;
  await app.inject({
    method: 'POST',
    url: '/sandbox-gateway/card/enter',
    payload: { session: started.session, number, expiry: '12/30', cvc: '123', name: 'Casey' },
  });
  const card = ok(await client.call(completePaymentMethod, { session: started.session })).data.card;
  if (!card) throw new Error('card not saved');
  return card;
}

describe('the bill', () => {
  it('lists purchases as Customer Purchase and admin entries as Admin Entry, newest first; declines and hidden entries are left out', async () => {
    const c = await customer();
    const card = await addCard(c.client, '4242424242424242');
    const declining = await addCard(c.client, '4000000000000341');
    ok(await c.client.call(chargePaymentMethod, { target_topup_id: option, target_card_id: card.id }));
    ok(await c.client.call(chargePaymentMethod, { target_topup_id: option, target_card_id: declining.id }));
    t.clock.advance(60_000);
    ok(await admin.call(adminCreateCreditPack, { target_id: c.company.id, target_name: 'Goodwill', target_cost: 0, target_amount: 500 }));
    ok(
      await admin.call(adminCreateCreditPack, {
        target_id: c.company.id,
        target_name: 'Hidden',
        target_cost: 0,
        target_amount: 700,
        target_create_billing_entry: false,
      }),
    );
    const bill = ok(await c.client.call(listTransactions, {})).data;
    expect(bill.total).toBe(2);
    expect(bill.rows.map((r) => [r.type, r.type_label, r.item, r.amount, r.charged_amount])).toEqual([
      ['TOPUP', 'Admin Entry', 'Goodwill', 500, 0],
      ['TOPUP', 'Customer Purchase', 'Top-up: $100 top-up', 11_000, 10_000],
    ]);
    expect(bill.rows[1]?.card_id).toBe(card.id);
  });

  it('pages 20 at a time', async () => {
    const c = await customer();
    for (let i = 0; i < 45; i++) {
      t.clock.advance(1000);
      await newCardPurchase(t.db, t.clock.now(), c.company.id, { item: `Purchase ${i}` });
    }
    const first = ok(await c.client.call(listTransactions, { page: 1 })).data;
    expect(first.total).toBe(45);
    expect(first.rows).toHaveLength(TRANSACTION_PAGE_SIZE);
    expect(first.rows[0]?.item).toBe('Purchase 44');
    const third = ok(await c.client.call(listTransactions, { page: 3 })).data;
    expect(third.rows.map((r) => r.item)).toEqual(['Purchase 4', 'Purchase 3', 'Purchase 2', 'Purchase 1', 'Purchase 0']);
    const past = ok(await c.client.call(listTransactions, { page: 9 })).data;
    expect(past).toEqual({ rows: [], total: 45 });
  });

  it('downloads a receipt PDF with the company, item, amounts in USD and the card', async () => {
    const c = await customer('Tāmaki Μακεδονία Ltd');
    const card = await addCard(c.client, '5555555555554444');
    ok(await c.client.call(chargePaymentMethod, { target_topup_id: option, target_card_id: card.id }));
    const [row] = ok(await c.client.call(listTransactions, {})).data.rows;
    if (!row) throw new Error('no row');
    const file = ok(await c.client.call(downloadInvoice, { transaction_id: row.id })).data;
    const text = pdfText(Buffer.from(file.pdf_base64, 'base64'));
    for (const s of [
      'RECEIPT',
      'Tāmaki Μακεδονία Ltd',
      '1 Queen Street',
      'Top-up: $100 top-up',
      '$100.00',
      '$110.00',
      'Mastercard ending 4444',
      'USD',
    ]) {
      expect(text).toContain(s);
    }
    const get = await c.client.get(`${downloadInvoice.path}?transaction_id=${row.id}`);
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('application/pdf');
    expect(get.headers['content-disposition']).toBe(`inline; filename="receipt-${row.id}.pdf"`);
    expect(pdfText(get.rawPayload)).toContain('Tāmaki Μακεδονία Ltd');
  });

  it("another company's transaction answers as a missing one, for both kinds of line and on GET", async () => {
    const victim = await customer();
    const outsider = await customer();
    const purchase = `c${(await newCardPurchase(t.db, t.clock.now(), victim.company.id)).id}`;
    const pack = ok(
      await admin.call(adminCreateCreditPack, { target_id: victim.company.id, target_name: 'Gift', target_cost: 0, target_amount: 100 }),
    ).data;
    const entry = ok(await victim.client.call(listTransactions, {})).data.rows.find((r) => r.type_label === 'Admin Entry');
    expect(entry?.id).toBe(`p${pack.id}`);
    const missing = await outsider.client.call(downloadInvoice, { transaction_id: 'c999999999' });
    for (const id of [purchase, `p${pack.id}`]) {
      const res = await outsider.client.call(downloadInvoice, { transaction_id: id });
      expect([res.code, res.message]).toEqual([missing.code, missing.message]);
      expect((await outsider.client.get(`${downloadInvoice.path}?transaction_id=${id}`)).statusCode).toBe(404);
      expect(ok(await victim.client.call(downloadInvoice, { transaction_id: id })).data.filename).toBe(`receipt-${id}.pdf`);
      expect(ok(await admin.call(downloadInvoice, { transaction_id: id })).data.filename).toBe(`receipt-${id}.pdf`);
    }
    expect(missing.code).toBe(404);
  });

  it('the admin company dialog: saved cards and transactions, filtered by card', async () => {
    const c = await customer();
    const a = await addCard(c.client, '4242424242424242');
    const b = await addCard(c.client, '5555555555554444');
    ok(await c.client.call(chargePaymentMethod, { target_topup_id: option, target_card_id: a.id }));
    ok(await c.client.call(chargePaymentMethod, { target_topup_id: option, target_card_id: b.id }));
    ok(await admin.call(adminCreateCreditPack, { target_id: c.company.id, target_name: 'Gift', target_cost: 0, target_amount: 100 }));
    const cards = ok(await admin.call(adminCompanySavedCards, { target_id: c.company.id })).data;
    expect(cards.rows.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    expect(ok(await admin.call(adminCompanyTransactions, { target_id: c.company.id })).data.total).toBe(3);
    const onA = ok(await admin.call(adminCompanyTransactions, { target_id: c.company.id, target_card_id: a.id })).data;
    expect(onA.total).toBe(1);
    expect(onA.rows.map((r) => r.card_id)).toEqual([a.id]);
  });
});
