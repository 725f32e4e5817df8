import {
  INVOICE_MESSAGES,
  createInvoice,
  newCustomInvoiceDialog,
  previewInvoice,
  processCustomInvoiceDialog,
  processInvoice,
  viewCustomInvoice,
  voidInvoice,
  adminCompanyInvoices,
} from '@portal/contract/payments/invoices';
import { authorizePaymentMethod, completePaymentMethod } from '@portal/contract/payments/cards';
import { listTransactions } from '@portal/contract/payments/transactions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_TIMEOUT } from '@portal/contract/payments/charges';
import { type CallContext, runInContext, systemSource } from '../../platform/context.ts';
import { newPaymentCard } from '../../test/factories.ts';
import { appWith, createTestContext, newCompany, ok, TestClient, type TestContext } from '../../test/harness.ts';
import { mailsTo } from '../../test/mail.ts';
import { cardTransactionsOf, companyEvents, invoiceRow, setCompany } from '../../test/rows.ts';
import { ABANDONED_CHARGE_MS } from './abandoned-charges.ts';
import { pdfText } from './pdf/pdftotext.ts';
import * as paymentJobs from './jobs.ts';

const QUIET = { info: () => {}, warn: () => {}, error: () => {} };

let t: TestContext;
let app: FastifyInstance;
let admin: TestClient;

const BILLING = { phone_number: '+64 9 555 0100', street_address: '1 Queen Street', city: 'Auckland', postal_code: '1010' };
const draft = (target_id: number, o: Partial<Parameters<typeof createInvoice.input.parse>[0]> = {}) => ({
  target_id,
  target_name: 'Migration services',
  target_due_date: '2026-12-31',
  target_line_items: [
    { item: 'Data migration – Zoë’s servers', quantity: 2, cost: 12_550 },
    { item: 'Training', quantity: 1, cost: 9_900 },
  ],
  ...o,
});

beforeAll(async () => {
  t = await createTestContext();
  app = await appWith(t, { PUBLIC_URL: 'http://portal.test' });
  const adminUser = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user.id;
  admin = await new TestClient(app).useSession(t.db, t.clock, adminUser);
});
afterAll(async () => {
  await app.close();
  await t.close();
});

async function customer(name = 'Ōtautahi Backups Σ Москва') {
  const made = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth', company_name: name });
  await setCompany(t, made.company.id, BILLING);
  return { ...made, client: await new TestClient(app).useSession(t.db, t.clock, made.user.id) };
}

/** A card saved through the sandbox card page, as the customer adds it. */
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

const pdfOf = (b64: string) => Buffer.from(b64, 'base64');

describe('custom invoices', () => {
  it('previews the PDF without saving: company, lines, totals in USD, the Auckland date', async () => {
    const c = await customer();
    const res = ok(await admin.call(previewInvoice, draft(c.company.id))).data;
    const buf = pdfOf(res.pdf_base64);
    expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(buf);
    expect(text).toContain('Ōtautahi Backups Σ Москва');
    expect(text).toContain('1 Queen Street');
    expect(text).toContain('Data migration – Zoë’s servers');
    expect(text).toContain('$125.50');
    expect(text).toContain('$251.00');
    expect(text).toContain('Total (USD): $350.00');
    expect(text).toContain('2026-12-31');
    const day = new Intl.DateTimeFormat('en-NZ', { timeZone: 'Pacific/Auckland', day: 'numeric', month: 'long', year: 'numeric' }).format(
      t.clock.now(),
    );
    expect(text).toContain(day);
    expect(ok(await admin.call(adminCompanyInvoices, { target_id: c.company.id })).data.total).toBe(0);
  });

  it('creates an UNPAID invoice with its lines in cents, on no ticket when none is named', async () => {
    const c = await customer();
    // Posting to a ticket: admin-tools/invoice-on-ticket.test.ts.
    const inv = ok(
      await admin.call(createInvoice, { ...draft(c.company.id), target_ticket_search_id: ' ', target_ticket_body: null }),
    ).data;
    expect(inv).toMatchObject({
      status: 'UNPAID',
      total_cost: 35_000,
      ticket_search_id: null,
      name: 'Migration services',
      due_date: '2026-12-31',
      paid_at: null,
    });
    expect(inv.line_items).toEqual(draft(c.company.id).target_line_items);
    expect((await invoiceRow(t, inv.id))?.ticket_search_id).toBeNull();
    const page = ok(await admin.call(adminCompanyInvoices, { target_id: c.company.id })).data;
    expect(page.rows.map((r) => r.id)).toEqual([inv.id]);
    expect((await companyEvents(t, c.company.id)).map((e) => e.event).join('\n')).toContain(`Created invoice #${inv.id}`);
  });

  it.each([
    ['no name', { target_name: '  ' }, 'target_name', INVOICE_MESSAGES.name],
    ['a bad due date', { target_due_date: '2026-02-30' }, 'target_due_date', INVOICE_MESSAGES.dueDate],
    ['a due date in another format', { target_due_date: '31/12/2026' }, 'target_due_date', INVOICE_MESSAGES.dueDate],
    ['no lines', { target_line_items: [] }, 'target_line_items', INVOICE_MESSAGES.lines],
    ['an empty item', { target_line_items: [{ item: '', quantity: 1, cost: 100 }] }, 'target_line_items.0.item', INVOICE_MESSAGES.item],
    ['a negative cost', { target_line_items: [{ item: 'x', quantity: 1, cost: -1 }] }, 'target_line_items.0.cost', INVOICE_MESSAGES.cost],
    [
      'a fractional cent',
      { target_line_items: [{ item: 'x', quantity: 1, cost: 1.5 }] },
      'target_line_items.0.cost',
      INVOICE_MESSAGES.cost,
    ],
    [
      'a fractional quantity',
      { target_line_items: [{ item: 'x', quantity: 0.5, cost: 100 }] },
      'target_line_items.0.quantity',
      INVOICE_MESSAGES.quantity,
    ],
  ])('refuses %s with the field message', async (_label, change, field, message) => {
    const c = await customer();
    for (const call of [createInvoice, previewInvoice] as const) {
      const res = await admin.call(call, draft(c.company.id, change as never));
      expect(res.code).toBe(400);
      expect((res.data as { fields: Record<string, string> }).fields[field]).toBe(message);
    }
    expect(ok(await admin.call(adminCompanyInvoices, { target_id: c.company.id })).data.total).toBe(0);
  });

  it('refuses to create an invoice of $0.00 (the lines default to 0 and 0)', async () => {
    const c = await customer();
    const res = await admin.call(createInvoice, draft(c.company.id, { target_line_items: [{ item: 'Nothing', quantity: 0, cost: 0 }] }));
    expect(res.code).toBe(400);
    expect(res.message).toBe(INVOICE_MESSAGES.total);
  });

  it('processes an UNPAID invoice on a saved card: PAID, one card transaction, a receipt mail, on the bill as Invoice #id', async () => {
    const c = await customer();
    const card = await addCard(c.client, '4242 4242 4242 4242');
    const inv = ok(await admin.call(createInvoice, draft(c.company.id))).data;
    const dialog = ok(await admin.call(processCustomInvoiceDialog, { target_id: inv.id })).data;
    expect(dialog.cards.map((x) => x.id)).toEqual([card.id]);
    expect(dialog.invoice.id).toBe(inv.id);
    const res = ok(await admin.call(processInvoice, { target_invoice_id: inv.id, target_card_id: card.id })).data;
    expect(res.success).toBe(true);
    expect(res.invoice.status).toBe('PAID');
    expect(res.invoice.paid_at).not.toBeNull();
    const charges = (await cardTransactionsOf(t, c.company.id)).filter((x) => x.kind === 'charge');
    expect(charges.map((x) => [x.invoice_id, x.charged_amount, x.success])).toEqual([[inv.id, 35_000, true]]);
    const bill = ok(await c.client.call(listTransactions, {})).data;
    expect(bill.rows[0]).toMatchObject({
      type: 'INVOICE',
      type_label: `Invoice #${inv.id}`,
      charged_amount: 35_000,
      amount: 0,
      invoice_number: inv.id,
    });
    const receipt = (await mailsTo(t.db, c.user.email)).find((m) => m.template === 'payment_receipt');
    expect(receipt?.text_body).toContain('$350.00');
    expect(receipt?.text_body).toContain(`Invoice #${inv.id}`);
    // PAID cannot be processed again, nor voided.
    for (const again of [
      await admin.call(processInvoice, { target_invoice_id: inv.id, target_card_id: card.id }),
      await admin.call(voidInvoice, { target_invoice_id: inv.id }),
    ]) {
      expect(again.code).toBe(400);
      expect(again.message).toBe(INVOICE_MESSAGES.notUnpaid);
    }
    expect((await cardTransactionsOf(t, c.company.id)).filter((x) => x.kind === 'charge')).toHaveLength(1);
  });

  it('a declined card leaves the invoice UNPAID with a failed card transaction; another attempt is a new charge', async () => {
    const c = await customer();
    const declining = await addCard(c.client, '4000 0000 0000 0341');
    const good = await addCard(c.client, '5555 5555 5555 4444');
    const inv = ok(await admin.call(createInvoice, draft(c.company.id))).data;
    const failed = ok(await admin.call(processInvoice, { target_invoice_id: inv.id, target_card_id: declining.id })).data;
    expect(failed.success).toBe(false);
    expect(failed.message).toBe(`${INVOICE_MESSAGES.paymentFailed} Insufficient funds`);
    expect(failed.invoice.status).toBe('UNPAID');
    expect(ok(await c.client.call(listTransactions, {})).data.total).toBe(0);
    const paid = ok(await admin.call(processInvoice, { target_invoice_id: inv.id, target_card_id: good.id })).data;
    expect(paid.success).toBe(true);
    const charges = (await cardTransactionsOf(t, c.company.id)).filter((x) => x.kind === 'charge');
    expect(charges.map((x) => x.success)).toEqual([false, true]);
    expect(new Set(charges.map((x) => x.idempotency_key)).size).toBe(2);
  });

  it('a timed-out charge nobody retried is settled an hour on: PAID once with its receipt; one voided meanwhile is recorded and flagged for refund', async () => {
    const settle = () => runInContext(app.deps, systemSource(QUIET), (ctx) => paymentJobs.settleAbandonedChargesJob(ctx as CallContext));
    const c = await customer();
    const slow = await addCard(c.client, '4000 0000 0000 0259');
    const left = ok(await admin.call(createInvoice, draft(c.company.id))).data;
    const voided = ok(await admin.call(createInvoice, draft(c.company.id, { target_name: 'Voided meanwhile' }))).data;
    for (const inv of [left, voided]) {
      const res = await admin.call(processInvoice, { target_invoice_id: inv.id, target_card_id: slow.id });
      expect([res.code, res.message]).toEqual([504, GATEWAY_TIMEOUT]);
    }
    ok(await admin.call(voidInvoice, { target_invoice_id: voided.id }));
    t.clock.advance(ABANDONED_CHARGE_MS + 60_000);
    expect(await settle()).toBeGreaterThanOrEqual(2);
    expect(await settle()).toBe(0);
    expect([(await invoiceRow(t, left.id))?.status, (await invoiceRow(t, voided.id))?.status]).toEqual(['PAID', 'VOID']);
    const charges = (await cardTransactionsOf(t, c.company.id)).filter((x) => x.kind === 'charge');
    expect(charges.map((x) => x.success)).toEqual([true, true]);
    const receipts = (await mailsTo(t.db, c.user.email)).filter((m) => m.template === 'payment_receipt');
    expect(receipts).toHaveLength(1);
    const events = (await companyEvents(t, c.company.id)).map((e) => e.event);
    expect(events).toContain(`Invoice #${voided.id} was VOID when its charge of $350.00 by Visa ending 0259 went through: refund it`);
  });

  it('voids an UNPAID invoice; a VOID one cannot be processed or voided again', async () => {
    const c = await customer();
    const card = await newPaymentCard(t.db, t.clock.now(), c.company.id);
    const inv = ok(await admin.call(createInvoice, draft(c.company.id))).data;
    expect(ok(await admin.call(voidInvoice, { target_invoice_id: inv.id })).data.status).toBe('VOID');
    const res = await admin.call(processInvoice, { target_invoice_id: inv.id, target_card_id: card.id });
    expect(res.message).toBe(INVOICE_MESSAGES.notUnpaid);
    expect((await admin.call(voidInvoice, { target_invoice_id: inv.id })).message).toBe(INVOICE_MESSAGES.notUnpaid);
    expect(await cardTransactionsOf(t, c.company.id)).toHaveLength(0);
  });

  it("refuses another company's card as a missing one", async () => {
    const c = await customer();
    const other = await customer();
    const foreign = await newPaymentCard(t.db, t.clock.now(), other.company.id);
    const inv = ok(await admin.call(createInvoice, draft(c.company.id))).data;
    const res = await admin.call(processInvoice, { target_invoice_id: inv.id, target_card_id: foreign.id });
    expect(res.code).toBe(404);
    expect((await invoiceRow(t, inv.id))?.status).toBe('UNPAID');
  });

  it('view_custom_invoice: the PDF for its company and admins; another company gets the missing answer', async () => {
    const c = await customer('Aroha Ltd');
    const other = await customer();
    const inv = ok(await admin.call(createInvoice, draft(c.company.id))).data;
    const mine = ok(await c.client.call(viewCustomInvoice, { id: inv.id })).data;
    const unpaid = pdfText(pdfOf(mine.pdf_base64)).replace(/\s+/g, ' ');
    expect(unpaid).toContain(`Invoice #${inv.id}`);
    // An unpaid invoice says how it gets paid.
    expect(unpaid).toContain('How to pay: by 2026-12-31 we charge this invoice to a card saved in the portal');
    expect(unpaid).toContain(`email billing@portal.example quoting Invoice #${inv.id}`);
    expect(ok(await admin.call(viewCustomInvoice, { id: inv.id })).data.filename).toBe(`invoice-${inv.id}.pdf`);
    const theirs = await other.client.call(viewCustomInvoice, { id: inv.id });
    const missing = await other.client.call(viewCustomInvoice, { id: 2_000_000_000 });
    expect([theirs.code, theirs.message]).toEqual([missing.code, missing.message]);
    expect(theirs.code).toBe(404);
    // The link form: GET opens the file itself.
    const get = await c.client.get(`${viewCustomInvoice.path}?id=${inv.id}`);
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('application/pdf');
    expect(pdfText(get.rawPayload)).toContain('Aroha Ltd');
    expect((await other.client.get(`${viewCustomInvoice.path}?id=${inv.id}`)).statusCode).toBe(404);
    expect((await new TestClient(app).get(`${viewCustomInvoice.path}?id=${inv.id}`)).statusCode).toBe(401);
  });

  it('the new invoice dialog names the company', async () => {
    const c = await customer('Kōwhai Ltd');
    expect(ok(await admin.call(newCustomInvoiceDialog, { target_id: c.company.id })).data).toEqual({
      company_id: c.company.id,
      company_name: 'Kōwhai Ltd',
    });
  });
});
