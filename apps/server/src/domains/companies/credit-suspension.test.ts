import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { type TestContext, createTestContext, newCompany, newUser } from '../../test/harness.ts';
import { mailsTo } from '../../test/mail.ts';
import { billingAccountRow, companyEvents, companyRow, setCompany } from '../../test/rows.ts';
import * as billing from '../billing/service.ts';
import { restoreCreditedCompanies, suspendOutOfCredit } from './lifecycle.ts';

const DAY = 86_400_000;
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const ctx = () => jobContext(t, () => {});

/** An ACTIVE company charged `cents` a day (Hyper-V boosters at 5 cents) for the next week, with a billing contact. */
async function chargedCompany(cents: number, o: Parameters<typeof newCompany>[1] = {}) {
  const made = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth', ...o });
  const billingUser = await newUser(t.db, made.company.id, { is_billing: true });
  for (let d = 0; d < 7; d++) {
    const date = billing.billingDayOf(t, { at: new Date(t.clock.now().getTime() + d * DAY) });
    await billing.recordDailyStats(ctx(), { company_id: made.company.id, date, device_count: 0, boosters: { hyperv: cents / 5 } });
  }
  return { ...made, billingUser };
}

const credit = (companyId: number, amount: number) =>
  billing.addCredit(ctx(), { company_id: companyId, name: 'Credit', amount, source: 'admin', added_by_user: 'Ada Admin' });

describe('out-of-credit suspension (the lifecycle sweep asks billing)', () => {
  it('suspends a company whose credit ran out, once, with a history line and a mail; adding credit makes it ACTIVE again', async () => {
    t.clock.advance(7 * DAY);
    const { company, billingUser } = await chargedCompany(500);
    await credit(company.id, 300);
    await billing.runDailyCharging(ctx());
    expect(await billing.balanceOf(ctx(), { companyId: company.id })).toBe(-200);

    expect(await suspendOutOfCredit(ctx())).toBeGreaterThanOrEqual(1);
    expect((await companyRow(t, company.id))?.current_state).toBe('SUSPENDED');
    expect((await companyEvents(t, company.id)).map((e) => e.event)).toContain('Out of credit: ACTIVE -> SUSPENDED');
    const mails = await mailsTo(t.db, billingUser.email);
    expect(mails.map((m) => m.template)).toContain('out_of_credit');
    expect(mails.find((m) => m.template === 'out_of_credit')?.text_body).toContain('-$2.00');
    // Once: a second sweep finds nothing, and no more charges are made while suspended.
    expect(await suspendOutOfCredit(ctx())).toBe(0);
    t.clock.advance(DAY);
    await billing.runDailyCharging(ctx());
    expect(await billing.balanceOf(ctx(), { companyId: company.id })).toBe(-200);

    // Credit that only pays the debt is not enough; credit beyond it is, at once: the sweep finds nothing left.
    await credit(company.id, 200);
    expect((await companyRow(t, company.id))?.current_state).toBe('SUSPENDED');
    await credit(company.id, 1000);
    expect((await companyRow(t, company.id))?.current_state).toBe('ACTIVE');
    expect(await restoreCreditedCompanies(ctx())).toBe(0);
    expect((await companyEvents(t, company.id)).map((e) => e.event)).toContain('Credit added: SUSPENDED -> ACTIVE');
    // Charged again from the next run.
    t.clock.advance(DAY);
    await billing.runDailyCharging(ctx());
    expect(await billing.balanceOf(ctx(), { companyId: company.id })).toBe(500);
  });

  it('restores at the sweep, the safety net, a company suspended for credit that moved to contract billing', async () => {
    t.clock.advance(7 * DAY);
    const { company } = await chargedCompany(500);
    await billing.runDailyCharging(ctx());
    await suspendOutOfCredit(ctx());
    expect((await companyRow(t, company.id))?.current_state).toBe('SUSPENDED');
    await setCompany(t, company.id, { has_contract_billing: true });
    expect(await restoreCreditedCompanies(ctx())).toBe(1);
    expect((await companyRow(t, company.id))?.current_state).toBe('ACTIVE');
    expect((await billingAccountRow(t, company.id))?.suspended_for_credit).toBe(false);
  });

  it('never suspends contract-billing or out-of-band companies for balance, though they are charged', async () => {
    t.clock.advance(7 * DAY);
    const contract = await chargedCompany(500, { has_contract_billing: true });
    const oob = await chargedCompany(500, { has_oob_payment: true });
    await billing.runDailyCharging(ctx());
    expect(await billing.balanceOf(ctx(), { companyId: contract.company.id })).toBe(-500);
    expect(await billing.balanceOf(ctx(), { companyId: oob.company.id })).toBe(-500);
    await suspendOutOfCredit(ctx());
    expect((await companyRow(t, contract.company.id))?.current_state).toBe('ACTIVE');
    expect((await companyRow(t, oob.company.id))?.current_state).toBe('ACTIVE');
  });

  it('leaves a company suspended for another reason suspended when credit arrives', async () => {
    t.clock.advance(7 * DAY);
    const { company } = await newCompany(t.db, { current_state: 'SUSPENDED', plan_id: 'Trial' });
    await credit(company.id, 1000);
    await restoreCreditedCompanies(ctx());
    expect((await companyRow(t, company.id))?.current_state).toBe('SUSPENDED');
  });

  it('mails a low balance once, when the credit lasts fewer than 5 days, and again only after new credit', async () => {
    t.clock.advance(7 * DAY);
    const { company, billingUser } = await chargedCompany(100);
    await credit(company.id, 700);
    const lowMails = async () => (await mailsTo(t.db, billingUser.email)).filter((m) => m.template === 'low_balance');
    // 600 and 500 left at 100 a day last 6 and 5 days; 400 lasts 4.
    for (const left of [600, 500]) {
      await billing.runDailyCharging(ctx());
      expect(await billing.balanceOf(ctx(), { companyId: company.id })).toBe(left);
      t.clock.advance(DAY);
    }
    expect(await lowMails()).toHaveLength(0);
    await billing.runDailyCharging(ctx());
    expect(await lowMails()).toHaveLength(1);
    expect((await lowMails())[0]?.text_body).toContain('Your balance is $4.00, which lasts about 4 days');
    t.clock.advance(DAY);
    await billing.runDailyCharging(ctx());
    expect(await lowMails()).toHaveLength(1);
    expect((await billingAccountRow(t, company.id))?.low_balance_mailed_at).not.toBeNull();
    await credit(company.id, 100);
    expect((await billingAccountRow(t, company.id))?.low_balance_mailed_at).toBeNull();
    t.clock.advance(DAY);
    await billing.runDailyCharging(ctx());
    expect(await lowMails()).toHaveLength(2);
  });
});
