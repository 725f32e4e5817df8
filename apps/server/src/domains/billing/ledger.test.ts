import { PACK_ALREADY_EXPIRED } from '@portal/contract/billing/credit-packs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedgerCommand } from '../../ledger-verify.ts';
import { jobContext } from '../../test/context.ts';
import { fingerprint } from '../../test/database.ts';
import { type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import {
  billingAccountRow,
  companyRow,
  creditPacksOf,
  ledgerRowsOf,
  putLedgerRow,
  setBalance,
  setBillingAccount,
  setCompany,
  setCreditPack,
  setUsageRow,
  usageRowsOf,
  usageRowsOfDay,
} from '../../test/rows.ts';
import { addDays } from './days.ts';
import * as billingJobs from './jobs.ts';
import * as billing from './service.ts';
import { chargingJob } from './charging.ts';
import { isPackExpired } from './ledger.ts';

const DAY = 86_400_000;
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const ctx = () => jobContext(t);
const today = () => billing.billingDayOf(t);

async function company(o: Parameters<typeof newCompany>[1] = {}) {
  const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth', ...o });
  return company.id;
}

function credit(companyId: number, amount: number, o: Partial<billing.NewCredit> = {}) {
  return billing.addCredit(ctx(), {
    company_id: companyId,
    name: `Pack ${amount}`,
    amount,
    source: 'admin',
    added_by_user: 'Ada Admin',
    ...o,
  });
}

/** Hyper-V boosters are charged daily at 5 cents each: `cents` a day, from the stats of each of `days` days from today. */
async function dailyCharge(companyId: number, cents: number, days = 1) {
  for (let d = 0; d < days; d++) {
    const date = addDays(today(), d);
    await billing.recordDailyStats(ctx(), { company_id: companyId, date, device_count: 0, boosters: { hyperv: cents / 5 } });
  }
}

/** Moves to a day no earlier test has charged, so each test starts its own days. */
function nextWeek() {
  t.clock.advance(7 * DAY);
}

async function expectBooksAgree() {
  expect(await billing.verifyLedger(ctx())).toEqual([]);
}

describe('the credit ledger', () => {
  it('draws a charge from the soonest-expiring pack first and never-expiring last, one ledger row per pack', async () => {
    nextWeek();
    const id = await company();
    const later = await credit(id, 1000, { name: 'Expires in 10 days', expiry_days: 10 });
    const never = await credit(id, 1000, { name: 'Never expires' });
    const soon = await credit(id, 300, { name: 'Expires in 5 days', expiry_days: 5 });
    await dailyCharge(id, 1500);
    expect(await billing.runDailyCharging(ctx())).toBeGreaterThanOrEqual(1);

    const [usage] = await usageRowsOf(t, id);
    expect(usage).toMatchObject({ kind: 'booster', variant: 'hyperv', quantity: 300, amount: 1500, charge_day: today() });
    const charges = (await ledgerRowsOf(t, id)).filter((r) => r.kind === 'charge');
    expect(charges.map((r) => [r.pack_id, r.amount, r.usage_id])).toEqual([
      [soon.id, -300, usage?.id],
      [later.id, -1000, usage?.id],
      [never.id, -200, usage?.id],
    ]);
    const packs = await creditPacksOf(t, id);
    expect(packs.map((p) => [p.name, p.amount_used])).toEqual([
      ['Expires in 10 days', 1000],
      ['Never expires', 200],
      ['Expires in 5 days', 300],
    ]);
    expect(await billing.balanceOf(ctx(), { companyId: id })).toBe(800);
    await expectBooksAgree();
  });

  it('stops counting a pack past its expiry: an expire row takes what is left, and later charges draw elsewhere', async () => {
    nextWeek();
    const id = await company();
    const expiring = await credit(id, 1000, { name: 'Two days', expiry_days: 2 });
    const never = await credit(id, 500, { name: 'Never' });
    await dailyCharge(id, 100, 4);
    for (let d = 0; d < 4; d++) {
      await billing.runDailyCharging(ctx());
      t.clock.advance(DAY);
    }
    // Bought at 13:00 in Auckland, it pays the charges of its day and the two after, then expires.
    const [a, b] = await creditPacksOf(t, id);
    expect(a).toMatchObject({ id: expiring.id, amount_used: 300, amount_expired: 700 });
    expect(a?.expired_at).not.toBeNull();
    expect(b).toMatchObject({ id: never.id, amount_used: 100 });
    const expiries = (await ledgerRowsOf(t, id)).filter((r) => r.kind === 'expire');
    expect(expiries.map((r) => [r.pack_id, r.amount])).toEqual([[expiring.id, -700]]);
    expect(await billing.balanceOf(ctx(), { companyId: id })).toBe(1500 - 400 - 700);
    await expectBooksAgree();
  });

  it('goes negative by at most one day of charges; the next credit settles the debt first', async () => {
    nextWeek();
    const id = await company();
    await credit(id, 300);
    await dailyCharge(id, 500, 5);
    await billing.runDailyCharging(ctx());
    expect(await billing.balanceOf(ctx(), { companyId: id })).toBe(-200);
    const [paid, debt] = (await ledgerRowsOf(t, id)).filter((r) => r.kind === 'charge');
    expect([paid?.amount, debt?.amount, debt?.pack_id]).toEqual([-300, -200, null]);

    // Out of credit: the next days are not charged at all.
    for (let d = 0; d < 3; d++) {
      t.clock.advance(DAY);
      await billing.runDailyCharging(ctx());
    }
    expect(await billing.balanceOf(ctx(), { companyId: id })).toBe(-200);
    expect(await usageRowsOf(t, id)).toHaveLength(1);

    const pack = await credit(id, 1000, { name: 'Top-up' });
    expect(pack.amount_used).toBe(200);
    expect(await billing.balanceOf(ctx(), { companyId: id })).toBe(800);
    const settles = (await ledgerRowsOf(t, id)).filter((r) => r.kind === 'settle');
    expect(settles.map((r) => [r.pack_id, r.amount])).toEqual([
      [pack.id, -200],
      [null, 200],
    ]);
    t.clock.advance(DAY);
    await billing.runDailyCharging(ctx());
    expect(await billing.balanceOf(ctx(), { companyId: id })).toBe(300);
    await expectBooksAgree();
  });

  it('keeps charging contract-billing and out-of-band companies below zero, and pending deletes; not trials or suspended ones', async () => {
    nextWeek();
    const contract = await company({ has_contract_billing: true });
    const oob = await company({ has_oob_payment: true });
    const pending = await company({ current_state: 'PENDING_DELETE' });
    const trial = await company({ current_state: 'TRIAL', plan_id: 'Trial' });
    const suspended = await company({ current_state: 'SUSPENDED' });
    await credit(pending, 10_000);
    for (const id of [contract, oob, pending, trial, suspended]) await dailyCharge(id, 250, 3);
    for (let d = 0; d < 3; d++) {
      await billing.runDailyCharging(ctx());
      t.clock.advance(DAY);
    }
    expect(await billing.balanceOf(ctx(), { companyId: contract })).toBe(-750);
    expect(await billing.balanceOf(ctx(), { companyId: oob })).toBe(-750);
    expect(await billing.balanceOf(ctx(), { companyId: pending })).toBe(10_000 - 750);
    expect(await usageRowsOf(t, trial)).toEqual([]);
    expect(await usageRowsOf(t, suspended)).toEqual([]);
    await expectBooksAgree();
  });

  it('expires a pack by hand once: what is left leaves the balance, and a second expiry is refused', async () => {
    nextWeek();
    const id = await company();
    const pack = await credit(id, 1200, { expiry_days: 30 });
    const expired = await billing.expireCreditPack(ctx(), { packId: pack.id });
    expect(expired).toMatchObject({ amount_expired: 1200, amount_used: 0 });
    expect(isPackExpired(expired, t.clock.now())).toBe(true);
    expect(await billing.balanceOf(ctx(), { companyId: id })).toBe(0);
    await expect(billing.expireCreditPack(ctx(), { packId: pack.id })).rejects.toMatchObject({ code: 400, message: PACK_ALREADY_EXPIRED });
    await expectBooksAgree();
  });

  it('catches up day by day after a late run: daily services once a day, monthly ones once', async () => {
    nextWeek();
    const id = await company();
    await credit(id, 100_000);
    for (let d = 0; d < 6; d++) {
      const date = addDays(today(), d);
      await billing.recordDailyStats(ctx(), { company_id: id, date, device_count: 3, boosters: { hyperv: 10, microsoft365: 4 } });
    }
    await billing.runDailyCharging(ctx());
    t.clock.advance(5 * DAY);
    await billing.runDailyCharging(ctx());
    const rows = await usageRowsOf(t, id);
    const per = (kind: string, variant: string) => rows.filter((r) => r.kind === kind && r.variant === variant);
    expect(per('booster', 'hyperv').map((r) => r.charge_day)).toHaveLength(6);
    expect(new Set(per('booster', 'hyperv').map((r) => r.charge_day)).size).toBe(6);
    // Hyper-V from the day's stats (10 × 5 cents), devices at $2 and Microsoft 365 accounts at $1.50 a month, once.
    expect(per('booster', 'hyperv').map((r) => r.amount)).toEqual([50, 50, 50, 50, 50, 50]);
    expect(per('device', '').map((r) => r.amount)).toEqual([600]);
    expect(per('booster', 'microsoft365').map((r) => r.amount)).toEqual([600]);
    expect(await billing.balanceOf(ctx(), { companyId: id })).toBe(100_000 - 300 - 1200);
    await expectBooksAgree();
  });

  it('writes nothing on a second run of the same day', async () => {
    nextWeek();
    const id = await company();
    await credit(id, 5000);
    await dailyCharge(id, 100);
    await billing.runDailyCharging(ctx());
    const before = await fingerprint(t.handle);
    expect(await billing.runDailyCharging(ctx())).toBe(0);
    expect(await chargingJob(ctx())).toBe(0);
    expect(await fingerprint(t.handle)).toEqual(before);
  });

  it('charges storage daily at $6.99 per TB a month with the 1 TB minimum, less the 5 TB a new hosted console comes with', async () => {
    nextWeek();
    const small = await company();
    const big = await company();
    const hosted = await company();
    const hostedWithout = await company();
    for (const id of [small, big, hosted, hostedWithout]) {
      await credit(id, 100_000);
      await billing.startService(ctx(), { company_id: id, kind: 'storage', owner_kind: 'storage', owner_id: `bucket-${id}` });
    }
    const tb = 1_000_000_000_000;
    await billing.startService(ctx(), {
      company_id: hosted,
      kind: 'hosted_server',
      owner_kind: 'hosted_server',
      owner_id: `hs-${hosted}`,
      included_storage_bytes: 5 * tb,
    });
    // A console made without Comet Storage comes with none.
    await billing.startService(ctx(), {
      company_id: hostedWithout,
      kind: 'hosted_server',
      owner_kind: 'hosted_server',
      owner_id: `hs-${hostedWithout}`,
    });
    await billing.recordDailyStats(ctx(), { company_id: small, date: today(), device_count: 0, storage_amount_bytes: tb / 4 });
    await billing.recordDailyStats(ctx(), { company_id: big, date: today(), device_count: 0, storage_amount_bytes: 3 * tb });
    for (const id of [hosted, hostedWithout]) {
      await billing.recordDailyStats(ctx(), { company_id: id, date: today(), device_count: 0, storage_amount_bytes: 6 * tb });
    }
    await billing.runDailyCharging(ctx());
    const storage = async (id: number) => (await usageRowsOf(t, id)).filter((r) => r.kind === 'storage').map((r) => r.amount);
    expect(await storage(small)).toEqual([23]); // 699 / 30, rounded
    expect(await storage(big)).toEqual([70]); // 3 × 699 / 30
    expect(await storage(hosted)).toEqual([23]); // 6 TB less 5 TB
    expect(await storage(hostedWithout)).toEqual([140]); // all 6 TB: round(6 × 699 / 30)
    expect((await usageRowsOf(t, hosted)).find((r) => r.kind === 'hosted_server')?.amount).toBe(1000);
    await expectBooksAgree();
  });
});

describe('adding and expiring credit', () => {
  it('refuses a pack of zero or of a fraction of a cent', async () => {
    const id = await company();
    for (const amount of [0, -5, 1.5]) {
      await expect(credit(id, amount)).rejects.toMatchObject({ code: 400, message: 'A credit pack needs an amount above zero' });
    }
    expect(await creditPacksOf(t, id)).toEqual([]);
    expect(await billing.balanceOf(ctx(), { companyId: id })).toBe(0);
  });

  it('keeps what it is given and defaults to no cost, in-band, with a billing entry, never expiring', async () => {
    nextWeek();
    const id = await company();
    const plain = await credit(id, 100);
    expect(plain).toMatchObject({ cost: 0, is_oob_payment: false, creates_billing_entry: true, expiry_date: null, source: 'admin' });
    expect(plain.purchase_date.getTime()).toBe(t.clock.now().getTime());
    const bought = new Date(t.clock.now().getTime() - 2 * DAY);
    const given = await credit(id, 200, {
      cost: 150,
      is_oob_payment: true,
      creates_billing_entry: false,
      expiry_days: 10,
      purchase_date: bought,
      added_by_user: 'Bo Billing',
    });
    expect(given).toMatchObject({ cost: 150, is_oob_payment: true, creates_billing_entry: false, added_by_user: 'Bo Billing' });
    // Days of expiry count from the purchase, not from now.
    expect(given.expiry_date?.getTime()).toBe(bought.getTime() + 10 * DAY);
    const exact = new Date(t.clock.now().getTime() + 3 * DAY);
    expect((await credit(id, 300, { expiry_days: 10, expiry_date: exact })).expiry_date?.getTime()).toBe(exact.getTime());
    expect((await credit(id, 400, { expiry_days: 10, expiry_date: null })).expiry_date).toBeNull();
  });

  it('writes a refund as a refund row, other sources as credit rows', async () => {
    const id = await company();
    const refund = await credit(id, 500, { source: 'refund' });
    const promo = await credit(id, 700, { source: 'promo' });
    expect((await ledgerRowsOf(t, id)).map((r) => [r.kind, r.pack_id, r.amount])).toEqual([
      ['refund', refund.id, 500],
      ['credit', promo.id, 700],
    ]);
    await expectBooksAgree();
  });

  it('settles only as much debt as the pack holds', async () => {
    nextWeek();
    const id = await company();
    await credit(id, 300);
    await dailyCharge(id, 800);
    await billing.runDailyCharging(ctx());
    expect(await billing.balanceOf(ctx(), { companyId: id })).toBe(-500);
    const pack = await credit(id, 300);
    expect(pack.amount_used).toBe(300);
    expect(await billing.balanceOf(ctx(), { companyId: id })).toBe(-200);
    expect((await ledgerRowsOf(t, id)).filter((r) => r.kind === 'settle').map((r) => [r.pack_id, r.amount])).toEqual([
      [pack.id, -300],
      [null, 300],
    ]);
    await expectBooksAgree();
  });

  it('takes out expired credit before adding, re-arms the low-balance mail, and brings back a company suspended for credit', async () => {
    nextWeek();
    const id = await company();
    const old = await credit(id, 1000, { expiry_days: 1 });
    t.clock.advance(2 * DAY);
    await billing.markSuspendedForCredit(ctx(), { companyId: id, suspended: true });
    await setCompany(t, id, { current_state: 'SUSPENDED' });
    await setBillingAccount(t, id, { low_balance_mailed_at: t.clock.now() });
    await credit(id, 250);
    expect((await ledgerRowsOf(t, id)).filter((r) => r.kind === 'expire').map((r) => [r.pack_id, r.amount])).toEqual([[old.id, -1000]]);
    expect(await billing.balanceOf(ctx(), { companyId: id })).toBe(250);
    expect(await billingAccountRow(t, id)).toMatchObject({ low_balance_mailed_at: null, suspended_for_credit: false });
    expect((await companyRow(t, id))?.current_state).toBe('ACTIVE');
    await expectBooksAgree();
  });

  it('counts a pack expired from the moment of its expiry date, and once used up', async () => {
    nextWeek();
    const id = await company();
    const pack = await credit(id, 100, { expiry_days: 1 });
    const at = pack.expiry_date?.getTime() ?? 0;
    expect(isPackExpired(pack, new Date(at - 1))).toBe(false);
    expect(isPackExpired(pack, new Date(at))).toBe(true);
    expect(isPackExpired({ ...pack, expiry_date: null, amount_used: 99 }, t.clock.now())).toBe(false);
    expect(isPackExpired({ ...pack, expiry_date: null, amount_used: 100 }, t.clock.now())).toBe(true);
  });

  it('answers a missing pack as not found, and a company with no account a balance of 0', async () => {
    await expect(billing.expireCreditPack(ctx(), { packId: 2_000_000_000 })).rejects.toMatchObject({
      code: 404,
      message: 'Credit pack not found',
    });
    expect(await billing.balanceOf(ctx(), { companyId: await company() })).toBe(0);
  });

  it('expires due packs in the scheduled job, answering how many, and nothing on a second run', async () => {
    nextWeek();
    await billingJobs.expireDuePacksJob(ctx());
    const id = await company();
    const pack = await credit(id, 400, { expiry_days: 1 });
    t.clock.advance(2 * DAY);
    expect(await billingJobs.expireDuePacksJob(ctx())).toBe(1);
    expect(await billingJobs.expireDuePacksJob(ctx())).toBe(0);
    expect((await creditPacksOf(t, id)).map((p) => [p.id, p.amount_expired])).toEqual([[pack.id, 400]]);
    expect(await billing.balanceOf(ctx(), { companyId: id })).toBe(0);
  });
});

describe('the charging run', () => {
  /** Charges every day before today, so what follows is today's alone. */
  const chargeUpToYesterday = () => billing.runDailyCharging(ctx(), { day: addDays(today(), -1) });

  /** Every company's usage rows of a day (earlier tests' services charge daily too). */
  const rowsOfDay = (day: string) => usageRowsOfDay(t, day);

  it('answers the rows each job step wrote: the batch, then 1 for completing the day, then 0 with nothing to do', async () => {
    nextWeek();
    await chargeUpToYesterday();
    const id = await company();
    await credit(id, 100_000);
    // Devices (monthly, charged on the first day) and Hyper-V boosters (daily): two rows today.
    await billing.recordDailyStats(ctx(), { company_id: id, date: today(), device_count: 3, boosters: { hyperv: 10 } });
    const first = await chargingJob(ctx());
    const written = (await rowsOfDay(today())).length;
    expect(written).toBeGreaterThanOrEqual(2);
    expect(first).toBe(written);
    expect(await chargingJob(ctx())).toBe(1);
    expect(await chargingJob(ctx())).toBe(0);
    expect((await usageRowsOf(t, id)).map((r) => [r.kind, r.charge_day]).sort()).toEqual([
      ['booster', today()],
      ['device', today()],
    ]);
  });

  it('charges no day after the one asked for', async () => {
    nextWeek();
    const id = await company();
    await credit(id, 10_000);
    await dailyCharge(id, 100, 2);
    await chargeUpToYesterday();
    expect(await usageRowsOf(t, id)).toEqual([]);
    // A day after today is today.
    const charged = await billing.runDailyCharging(ctx(), { day: addDays(today(), 1) });
    expect(charged).toBe((await rowsOfDay(today())).length);
    expect((await usageRowsOf(t, id)).map((r) => r.charge_day)).toEqual([today()]);
  });

  it('mails a low balance for the day being charged today, not for a day caught up late', async () => {
    nextWeek();
    const id = await company();
    await credit(id, 1000);
    // Nothing to charge today; 500 on each of the next two days.
    await billing.runDailyCharging(ctx());
    for (const d of [1, 2]) {
      await billing.recordDailyStats(ctx(), { company_id: id, date: addDays(today(), d), device_count: 0, boosters: { hyperv: 100 } });
    }
    t.clock.advance(2 * DAY);
    await billing.runDailyCharging(ctx(), { day: addDays(today(), -1) });
    expect(await billing.balanceOf(ctx(), { companyId: id })).toBe(500);
    expect((await billingAccountRow(t, id))?.low_balance_mailed_at).toBeNull();
    await billing.runDailyCharging(ctx());
    expect(await billing.balanceOf(ctx(), { companyId: id })).toBe(0);
    expect((await billingAccountRow(t, id))?.low_balance_mailed_at).toEqual(t.clock.now());
  });

  it('charges a service now once a day, from credit that has not expired, and the daily run then finds it charged', async () => {
    nextWeek();
    await chargeUpToYesterday();
    const id = await company();
    const ending = await credit(id, 2000, { expiry_days: 1 });
    await credit(id, 5000);
    t.clock.advance(2 * DAY);
    await chargeUpToYesterday();
    const service = await billing.startService(ctx(), {
      company_id: id,
      kind: 'hosted_server',
      owner_kind: 'hosted_server',
      owner_id: `hs-now-${id}`,
    });
    expect(await billing.chargeServiceNow(ctx(), { serviceId: service.id })).toBe(true);
    expect(await billing.chargeServiceNow(ctx(), { serviceId: service.id })).toBe(false);
    expect(await billing.chargeServiceNow(ctx(), { serviceId: 2_000_000_000 })).toBe(false);
    await billing.runDailyCharging(ctx());
    expect((await usageRowsOf(t, id)).map((r) => [r.kind, r.amount, r.charge_day])).toEqual([['hosted_server', 1000, today()]]);
    expect((await ledgerRowsOf(t, id)).filter((r) => r.kind === 'expire').map((r) => [r.pack_id, r.amount])).toEqual([[ending.id, -2000]]);
    expect(await billing.balanceOf(ctx(), { companyId: id })).toBe(5000 - 1000);
    await expectBooksAgree();
  });
});

describe('npm run ledger:verify', () => {
  it('passes on agreeing books and fails on a planted mismatch in a pack or a balance', async () => {
    nextWeek();
    const id = await company();
    const pack = await credit(id, 1000);
    await dailyCharge(id, 100);
    await billing.runDailyCharging(ctx());
    const lines: string[] = [];
    expect(await verifyLedgerCommand(t.db, (l) => lines.push(l))).toBe(0);

    await setCreditPack(t, pack.id, { amount_used: 101 });
    expect(await verifyLedgerCommand(t.db, (l) => lines.push(l))).toBe(1);
    expect(lines.at(-2)).toContain(`pack amount_used #${pack.id}: the ledger says 100, the books say 101`);
    await setCreditPack(t, pack.id, { amount_used: 100 });

    const balance = (await billingAccountRow(t, id))?.balance ?? 0;
    await setBalance(t, id, balance + 1);
    expect(await verifyLedgerCommand(t.db, () => {})).toBe(1);
    await setBalance(t, id, balance);
    expect(await verifyLedgerCommand(t.db, () => {})).toBe(0);
  });
});

describe('the keys and checks of the ledger (decision 0092)', () => {
  /** What PostgreSQL says when it refuses a write: drizzle wraps its error, the constraint is on the cause. */
  const refusedBy = async (write: Promise<unknown>) => {
    const err: unknown = await write.then(
      () => null,
      (e: unknown) => e,
    );
    const cause = (err as { cause?: { constraint?: string } } | null)?.cause;
    return cause?.constraint ?? (err ? String(err) : 'written');
  };

  it("refuses a ledger row naming another company's pack or usage row, and a usage row naming another company's service", async () => {
    nextWeek();
    const [a, b] = [await company(), await company()];
    await credit(a, 1000);
    const packOfB = await credit(b, 1000);
    await dailyCharge(a, 100);
    await dailyCharge(b, 100);
    await billing.runDailyCharging(ctx());
    const [usageOfA] = await usageRowsOf(t, a);
    const [usageOfB] = await usageRowsOf(t, b);
    if (!usageOfA || !usageOfB) throw new Error('expected a charge of each company');
    const before = await fingerprint(t.handle);

    const charge = { company_id: a, kind: 'charge' as const, amount: -1, created_at: t.clock.now() };
    expect(await refusedBy(putLedgerRow(t, { ...charge, usage_id: usageOfA.id, pack_id: packOfB.id }))).toBe('credit_ledger_pack_fk');
    expect(await refusedBy(putLedgerRow(t, { ...charge, usage_id: usageOfB.id }))).toBe('credit_ledger_usage_fk');
    expect(
      await refusedBy(putLedgerRow(t, { company_id: a, pack_id: packOfB.id, kind: 'expire', amount: -1, created_at: t.clock.now() })),
    ).toBe('credit_ledger_pack_fk');
    // Another day, so the (service, day) key has nothing to refuse and the company key speaks.
    const otherDay = { service_id: usageOfB.service_id, charge_day: '2001-01-01' };
    expect(await refusedBy(setUsageRow(t, usageOfA.id, otherDay))).toBe('billing_usage_service_fk');
    expect(await fingerprint(t.handle)).toEqual(before);
    await expectBooksAgree();
  });

  it('refuses a ledger row whose sign or references do not fit its kind', async () => {
    nextWeek();
    const a = await company();
    const pack = await credit(a, 1000);
    await dailyCharge(a, 100);
    await billing.runDailyCharging(ctx());
    const [usage] = await usageRowsOf(t, a);
    if (!usage) throw new Error('expected a charge');
    const row = { company_id: a, created_at: t.clock.now() };
    const refused = [
      { kind: 'credit' as const, pack_id: pack.id, amount: -5 },
      { kind: 'credit' as const, amount: 5 },
      { kind: 'refund' as const, pack_id: pack.id, amount: -5 },
      { kind: 'charge' as const, pack_id: pack.id, usage_id: usage.id, amount: 5 },
      { kind: 'charge' as const, pack_id: pack.id, amount: -5 },
      { kind: 'expire' as const, pack_id: pack.id, amount: 5 },
      { kind: 'expire' as const, pack_id: pack.id, usage_id: usage.id, amount: -5 },
      { kind: 'settle' as const, pack_id: pack.id, amount: 5 },
      { kind: 'settle' as const, amount: -5 },
      { kind: 'settle' as const, amount: 0 },
    ];
    for (const r of refused) expect(await refusedBy(putLedgerRow(t, { ...row, ...r })), JSON.stringify(r)).toBe('credit_ledger_signs');
    await expectBooksAgree();
  });
});
