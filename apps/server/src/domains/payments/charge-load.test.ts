import { completePaymentMethod, authorizePaymentMethod } from '@portal/contract/payments/cards';
import { chargePaymentMethod } from '@portal/contract/payments/charges';
import { adminEditTopupOption } from '@portal/contract/payments/topup-options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ON_POSTGRES, TestClient, type TestContext, createTestContext, newCompany, ok } from '../../test/harness.ts';
import { setCompany } from '../../test/rows.ts';

/** More payments at once than the app's database pool has connections (20). */
const PAYMENTS = 30;

/**
 * The sandbox processor stands for a remote system: its writes must not wait for a connection the calls
 * themselves hold. With one shared pool, every connection held by a call waiting for the processor, which
 * waited for a connection, and the app stalled for good.
 */
describe.skipIf(!ON_POSTGRES)('pay once under load (PostgreSQL)', () => {
  let t: TestContext;
  let option: number;
  beforeAll(async () => {
    t = await createTestContext();
    const adminUser = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user.id;
    const admin = await new TestClient(t.app).useSession(t.db, t.clock, adminUser);
    option = ok(await admin.call(adminEditTopupOption, { id: -1, name: '$25', cost: 2500, amount: 2500, expiry_length_days: 0 })).data.id;
  });
  afterAll(() => t.close());

  async function customerWithCard() {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    await setCompany(t, company.id, {
      phone_number: '+64 9 555 0100',
      street_address: '1 Queen Street',
      city: 'Auckland',
      postal_code: '1010',
    });
    const client = await new TestClient(t.app).useSession(t.db, t.clock, user.id);
    const { session } = ok(await client.call(authorizePaymentMethod, {})).data;
    await t.app.inject({
      method: 'POST',
      url: '/sandbox-gateway/card/enter',
      payload: { session, number: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Casey Customer' },
    });
    const { card } = ok(await client.call(completePaymentMethod, { session })).data;
    if (!card) throw new Error('the sandbox refused the test card');
    return { client, cardId: card.id };
  }

  it(`charges ${PAYMENTS} payments sent at once, each once`, async () => {
    const customers = [];
    for (let i = 0; i < PAYMENTS; i++) customers.push(await customerWithCard());
    const answers = await Promise.all(
      customers.map((c, i) =>
        c.client.call(chargePaymentMethod, { target_topup_id: option, target_card_id: c.cardId, idempotency_key: `load-payment-${i}` }),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(PAYMENTS).fill(200));
    expect(answers.every((a) => ok(a).data.success)).toBe(true);
  });
});
