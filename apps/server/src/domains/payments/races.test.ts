import { adminEditTopupOption, adminListTopupOptions } from '@portal/contract/payments/topup-options';
import { PROMO_MESSAGES, redeemPromoCode } from '@portal/contract/payments/promo-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { newPromoCode } from '../../test/factories.ts';
import { ON_POSTGRES, type TestContext, createTestContext, newCompany, ok, parallelClients } from '../../test/harness.ts';
import { creditPacksOf, ledgerRowsOf, promoRedemptionsOf } from '../../test/rows.ts';
import * as billing from '../billing/service.ts';

const N = 8;

/** Payments' read-then-write paths, sent at once on PostgreSQL's parallel connections. */
describe.skipIf(!ON_POSTGRES)('payments calls under parallel calls (PostgreSQL)', () => {
  let t: TestContext;
  let adminUserId: number;
  beforeAll(async () => {
    t = await createTestContext();
    adminUserId = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user.id;
  });
  afterAll(() => t.close());

  it('redeems a code once per company: one credit pack, the other tries told it is used', async () => {
    const code = await newPromoCode(t.db, t.clock.now(), { amount: 900 });
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const clients = await parallelClients(t, N, user.id);
    const answers = await Promise.all(clients.map((c) => c.call(redeemPromoCode, { promo_code: code.promo_key })));
    expect(answers.map((a) => a.code).sort()).toEqual([200, ...Array(N - 1).fill(400)]);
    for (const refused of answers.filter((a) => a.code === 400)) expect(refused.message).toBe(PROMO_MESSAGES.used);
    expect((await creditPacksOf(t, company.id)).map((p) => [p.source, p.amount])).toEqual([['promo', 900]]);
    expect(await promoRedemptionsOf(t, company.id)).toHaveLength(1);
    expect((await ledgerRowsOf(t, company.id)).map((r) => r.amount)).toEqual([900]);
    expect(await billing.balanceOf(jobContext(t), { companyId: company.id })).toBe(900);
    expect(await billing.verifyLedger(jobContext(t))).toEqual([]);
  });

  it('leaves exactly one default when admins make different options the default at once', async () => {
    const clients = await parallelClients(t, N, adminUserId);
    const answers = await Promise.all(
      clients.map((c, i) =>
        c.call(adminEditTopupOption, { name: `Option ${i}`, cost: 1000 * (i + 1), amount: 1000 * (i + 1), is_default: true }),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(N).fill(200));
    const [first] = clients;
    if (!first) throw new Error('no client');
    const options = ok(await first.call(adminListTopupOptions, {})).data.options;
    expect(options.filter((o) => o.is_default)).toHaveLength(1);
  });
});
