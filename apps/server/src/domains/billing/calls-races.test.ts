import { adminCreateCreditPack, adminExpireCreditPack, PACK_ALREADY_EXPIRED } from '@portal/contract/billing/credit-packs';
import { selectPlan } from '@portal/contract/billing/plans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { newCreditPack } from '../../test/factories.ts';
import { ON_POSTGRES, type TestContext, createTestContext, newCompany, parallelClients } from '../../test/harness.ts';
import { companyEvents, companyRow, creditPacksOf, ledgerRowsOf } from '../../test/rows.ts';
import { CURRENT_PLAN_MESSAGE } from './plan-rules.ts';
import * as billing from './service.ts';

const N = 6;

/** The billing calls' read-then-write paths, sent at once on PostgreSQL's parallel connections. */
describe.skipIf(!ON_POSTGRES)('billing calls under parallel calls (PostgreSQL)', () => {
  let t: TestContext;
  let adminUserId: number;
  beforeAll(async () => {
    t = await createTestContext();
    adminUserId = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user.id;
  });
  afterAll(() => t.close());

  const codes = (answers: { code: number }[]) => answers.map((a) => a.code).sort();

  it('expires a pack once: one admin wins, the others are told it has already expired', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const pack = await newCreditPack(t.db, t.clock.now(), company.id, { amount: 1500 });
    await newCreditPack(t.db, t.clock.now(), company.id, { amount: 500 });
    const clients = await parallelClients(t, N, adminUserId);
    const answers = await Promise.all(clients.map((c) => c.call(adminExpireCreditPack, { target_credit_pack_id: pack.id })));
    expect(codes(answers)).toEqual([200, ...Array(N - 1).fill(400)]);
    for (const refused of answers.filter((a) => a.code === 400)) expect(refused.message).toBe(PACK_ALREADY_EXPIRED);
    expect((await ledgerRowsOf(t, company.id)).filter((r) => r.kind === 'expire').map((r) => r.amount)).toEqual([-1500]);
    expect(await billing.balanceOf(jobContext(t), { companyId: company.id })).toBe(500);
    expect((await companyEvents(t, company.id)).filter((e) => e.event.includes('expired'))).toHaveLength(1);
    expect(await billing.verifyLedger(jobContext(t))).toEqual([]);
  });

  it('adds every pack of parallel creates, and the balance is their sum to the cent', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const clients = await parallelClients(t, N, adminUserId);
    const answers = await Promise.all(
      clients.map((c, i) =>
        c.call(adminCreateCreditPack, { target_id: company.id, target_name: `Pack ${i}`, target_cost: 0, target_amount: 101 + i }),
      ),
    );
    expect(codes(answers)).toEqual(Array(N).fill(200));
    expect(await creditPacksOf(t, company.id)).toHaveLength(N);
    const sum = Array.from({ length: N }, (_, i) => 101 + i).reduce((a, b) => a + b, 0);
    expect(await billing.balanceOf(jobContext(t), { companyId: company.id })).toBe(sum);
    expect(await billing.verifyLedger(jobContext(t))).toEqual([]);
  });

  it('moves a plan up once when the same upgrade is sent in parallel', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const clients = await parallelClients(t, N, user.id);
    const answers = await Promise.all(clients.map((c) => c.call(selectPlan, { target_plan_id: 'Professional' })));
    expect(codes(answers)).toEqual([200, ...Array(N - 1).fill(400)]);
    for (const refused of answers.filter((a) => a.code === 400)) expect(refused.message).toBe(CURRENT_PLAN_MESSAGE);
    expect((await companyRow(t, company.id))?.plan_id).toBe('Professional');
    expect((await companyEvents(t, company.id)).filter((e) => e.event.startsWith('Plan changed'))).toHaveLength(1);
  });
});
