import { authorizePaymentMethod, completePaymentMethod } from '@portal/contract/payments/cards';
import { INVOICE_MESSAGES, createInvoice, processInvoice, voidInvoice } from '@portal/contract/payments/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ON_POSTGRES, TestClient, type TestContext, createTestContext, newCompany, ok, parallelClients } from '../../test/harness.ts';
import { cardTransactionsOf, invoiceRow, setCompany } from '../../test/rows.ts';

const N = 8;

/** Only an UNPAID invoice moves, once: processes and voids sent at once on PostgreSQL's parallel connections. */
describe.skipIf(!ON_POSTGRES)('custom invoices under parallel calls (PostgreSQL)', () => {
  let t: TestContext;
  let adminUserId: number;
  let companyId: number;
  let cardId: number;
  beforeAll(async () => {
    t = await createTestContext();
    adminUserId = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user.id;
    const c = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    companyId = c.company.id;
    await setCompany(t, companyId, {
      phone_number: '+64 9 555 0100',
      street_address: '1 Queen Street',
      city: 'Auckland',
      postal_code: '1010',
    });
    const client = await new TestClient(t.app).useSession(t.db, t.clock, c.user.id);
    const started = ok(await client.call(authorizePaymentMethod, {})).data;
    await t.app.inject({
      method: 'POST',
      url: '/sandbox-gateway/card/enter',
      payload: { session: started.session, number: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Casey' },
    });
    const card = ok(await client.call(completePaymentMethod, { session: started.session })).data.card;
    if (!card) throw new Error('no card');
    cardId = card.id;
  });
  afterAll(() => t.close());

  const newInvoice = async (admin: TestClient) =>
    ok(
      await admin.call(createInvoice, {
        target_id: companyId,
        target_name: 'Race',
        target_due_date: '2026-12-31',
        target_line_items: [{ item: 'Work', quantity: 1, cost: 4200 }],
      }),
    ).data;

  it('processes an invoice once however many admins press Process at once: one charge, PAID', async () => {
    const clients = await parallelClients(t, N, adminUserId);
    const inv = await newInvoice(clients[0] as TestClient);
    const answers = await Promise.all(clients.map((c) => c.call(processInvoice, { target_invoice_id: inv.id, target_card_id: cardId })));
    expect(answers.map((a) => a.code).sort()).toEqual([200, ...Array(N - 1).fill(400)]);
    for (const refused of answers.filter((a) => a.code === 400)) expect(refused.message).toBe(INVOICE_MESSAGES.notUnpaid);
    const charges = (await cardTransactionsOf(t, companyId)).filter((x) => x.invoice_id === inv.id);
    expect(charges.map((x) => x.success)).toEqual([true]);
    expect((await invoiceRow(t, inv.id))?.status).toBe('PAID');
  });

  it('a process and a void at once: exactly one lands, and the state agrees with the charges', async () => {
    const clients = await parallelClients(t, N, adminUserId);
    const inv = await newInvoice(clients[0] as TestClient);
    const answers = await Promise.all(
      clients.map((c, i) =>
        i % 2
          ? c.call(voidInvoice, { target_invoice_id: inv.id })
          : c.call(processInvoice, { target_invoice_id: inv.id, target_card_id: cardId }),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    const status = (await invoiceRow(t, inv.id))?.status;
    const paidCharges = (await cardTransactionsOf(t, companyId)).filter((x) => x.invoice_id === inv.id && x.success);
    expect(paidCharges).toHaveLength(status === 'PAID' ? 1 : 0);
    expect(['PAID', 'VOID']).toContain(status);
  });
});
