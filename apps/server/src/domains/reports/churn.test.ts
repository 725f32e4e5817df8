import { adminCreateCompany } from '@portal/contract/companies/company-create';
import { convertToPaid, deleteCompany, migrateCompany, reactivateCompany } from '@portal/contract/companies/company-lifecycle';
import { type ChurnTrackingOutput, churnTracking } from '@portal/contract/reports/churn';
import type { CompanyState } from '@portal/contract/shared/fields';
import { DEFAULT_PAID_PLAN } from '@portal/contract/shared/plans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_JOBS } from '../../jobs.ts';
import { jobContext } from '../../test/context.ts';
import { TestClient, type TestContext, createTestContext, newCompany, ok, signedInCompany } from '../../test/harness.ts';
import { billingAccountRow, putCharges, setBalance, stateChangesOf } from '../../test/rows.ts';
import * as billing from '../billing/service.ts';

/**
 * Churn Tracking against a hand-made world: companies moved through their states by the portal's own calls
 * and jobs at chosen times, and charges for the revenue movements. The answers are computed here from the
 * timeline the test wrote down, with decision 0058's definitions, not read back from the views.
 */

const CONVERTED = `Converted to paid on plan ${DEFAULT_PAID_PLAN}`;
const NOW = new Date('2026-11-21T00:00:00Z');
const DAY = 86_400_000;
let t: TestContext;
let adminEmail: string;

interface Change {
  at: Date;
  to: CompanyState;
  reason: string;
}
interface Fixture {
  id: number;
  name: string;
  type: 'customer' | 'distributor';
  internal: boolean;
  changes: Change[];
}
const world: Fixture[] = [];

async function company(
  name: string,
  state: CompanyState,
  at: string,
  o: { type?: 'customer' | 'distributor'; internal?: boolean; trialEnds?: string } = {},
) {
  const { company: c } = await newCompany(t.db, {
    company_name: name,
    company_type: o.type ?? 'customer',
    current_state: state,
    current_state_applied_at: new Date(at),
    is_internal_comet_company: o.internal ?? false,
    trial_expires_at: o.trialEnds ? new Date(o.trialEnds) : null,
  });
  const f: Fixture = {
    id: c.id,
    name,
    type: o.type ?? 'customer',
    internal: o.internal ?? false,
    changes: [{ at: new Date(at), to: state, reason: '' }],
  };
  world.push(f);
  return f;
}
const expectChange = (f: Fixture, to: CompanyState, reason: string) => f.changes.push({ at: t.clock.now(), to, reason });

async function admin() {
  const c = new TestClient(t.app);
  await c.login(adminEmail);
  return c;
}
const at = (iso: string) => t.clock.set(new Date(iso));
const job = () => jobContext(t, () => {});
/** Runs a scheduled job of the companies lifecycle by its name, as the scheduler would (the test reaches it as the app does). */
function runJob(name: string): Promise<number> {
  const found = ALL_JOBS.find((j) => j.name === name);
  if (!found) throw new Error(`no job ${name}`);
  return found.run(job());
}
const expireTrials = () => runJob('expire-trials');
const finalizePendingDeletes = () => runJob('finalize-pending-deletes');
const suspendOutOfCredit = () => runJob('suspend-out-of-credit');

async function pendingDelete(f: Fixture) {
  ok(await (await admin()).call(deleteCompany, { target_company_id: f.id, target_force: false }));
  expectChange(f, 'PENDING_DELETE', 'Deleted (pending for 21 days)');
}
async function forceDelete(f: Fixture) {
  ok(await (await admin()).call(deleteCompany, { target_company_id: f.id, target_force: true, target_confirm_company_name: f.name }));
  expectChange(f, 'DELETED', 'Deleted permanently');
}
async function outOfCredit(f: Fixture) {
  expect(await billingAccountRow(t, f.id)).not.toBeNull();
  await setBalance(t, f.id, -100);
  expect(await suspendOutOfCredit()).toBe(1);
  expectChange(f, 'SUSPENDED', 'Out of credit');
}

const charges: { companyId: number; charge_day: string; amount: number }[] = [];
async function charge(companyId: number, days: string[], amount: number) {
  await putCharges(
    t,
    companyId,
    days.map((charge_day) => ({ charge_day, amount })),
  );
  for (const charge_day of days) charges.push({ companyId, charge_day, amount });
}
const daysOf = (month: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${month}-${String(from + i).padStart(2, '0')}`);

let fx: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'T1' | 'T2' | 'T3' | 'T4' | 'T5', Fixture>;

beforeAll(async () => {
  t = await createTestContext();
  adminEmail = (await signedInCompany(t, { company_type: 'admin', current_state: 'ACTIVE' })).user.email;
  fx = {
    G: await company('Gamma Distribution', 'ACTIVE', '2025-11-01T00:00:00Z', { type: 'distributor' }),
    F: await company('Internal Test Co', 'ACTIVE', '2026-01-01T00:00:00Z', { internal: true }),
    A: await company('Alpha Ltd', 'ACTIVE', '2026-01-10T00:00:00Z'),
    B: await company('Bravo Ltd', 'ACTIVE', '2026-02-01T00:00:00Z'),
    C: await company('Charlie Ltd', 'ACTIVE', '2026-03-05T00:00:00Z'),
    D: await company('Delta Ltd', 'ACTIVE', '2026-04-01T00:00:00Z'),
    E: await company('Echo Ltd', 'TRIAL', '2026-05-01T00:00:00Z', { trialEnds: '2026-05-31T00:00:00Z' }),
    T3: await company('Trial Three', 'TRIAL', '2026-08-01T00:00:00Z', { trialEnds: '2026-08-31T00:00:00Z' }),
    T2: await company('Trial Two', 'TRIAL', '2026-09-15T00:00:00Z', { trialEnds: '2026-10-15T00:00:00Z' }),
    T1: await company('Trial One', 'TRIAL', '2026-10-01T00:00:00Z', { trialEnds: '2026-10-31T00:00:00Z' }),
    T4: await company('Trial Four', 'TRIAL', '2026-10-01T00:00:00Z', { trialEnds: '2026-10-31T00:00:00Z' }),
    T5: await company('Trial Five', 'TRIAL', '2026-11-01T00:00:00Z', { trialEnds: '2026-12-01T00:00:00Z' }),
  };
  // Every other ACTIVE company keeps credit, so each credit sweep below suspends only the one meant.
  for (const f of Object.values(fx)) {
    await billing.addCredit(job(), { company_id: f.id, name: 'Credit', amount: 1000, source: 'admin', added_by_user: 'Ada Admin' });
  }
  const { A, B, C, D, E, F, G, T1, T2, T3, T4 } = fx;

  at('2026-05-10T00:00:00Z');
  ok(await (await admin()).call(convertToPaid, { target_id: E.id }));
  expectChange(E, 'ACTIVE', CONVERTED);
  at('2026-06-10T00:00:00Z');
  await pendingDelete(C);
  at('2026-07-01T00:00:00Z');
  expect(await finalizePendingDeletes()).toBe(1);
  expectChange(C, 'DELETED', 'Pending deletion period over');
  at('2026-08-01T00:00:00Z');
  await pendingDelete(E);
  at('2026-08-05T00:00:00Z');
  ok(await (await admin()).call(reactivateCompany, { target_company_id: E.id }));
  expectChange(E, 'ACTIVE', 'Reactivated');
  at('2026-08-15T00:00:00Z');
  await outOfCredit(D);
  at('2026-08-31T00:00:00Z');
  expect(await expireTrials()).toBe(1);
  expectChange(T3, 'SUSPENDED', 'Trial ended without a plan');
  // 12:00 UTC on 30 September is 01:00 on 1 October in Auckland (NZDT): an October churn.
  at('2026-09-30T12:00:00Z');
  await forceDelete(B);
  at('2026-10-05T00:00:00Z');
  ok(await (await admin()).call(convertToPaid, { target_id: T4.id }));
  expectChange(T4, 'ACTIVE', CONVERTED);
  await pendingDelete(T2);
  at('2026-10-10T00:00:00Z');
  await forceDelete(F);
  at('2026-10-26T00:00:00Z');
  expect(await finalizePendingDeletes()).toBe(1);
  expectChange(T2, 'DELETED', 'Pending deletion period over');
  at('2026-10-31T00:00:00Z');
  expect(await expireTrials()).toBe(1);
  expectChange(T1, 'SUSPENDED', 'Trial ended without a plan');
  at('2026-11-01T00:00:00Z');
  await forceDelete(T4);
  at('2026-11-05T00:00:00Z');
  await outOfCredit(G);

  // Revenue: flat across a 30- and a 31-day month; new, expansion, contraction; churn and reactivation,
  // one coming back after charges older than the report's months.
  await charge(A.id, [...daysOf('2026-09', 1, 30), ...daysOf('2026-10', 1, 31), ...daysOf('2026-11', 1, 20)], 100);
  await charge(B.id, daysOf('2026-08', 10, 14), 200);
  await charge(B.id, daysOf('2026-09', 1, 10), 200);
  await charge(B.id, daysOf('2026-10', 1, 2), 150);
  await charge(C.id, ['2026-01-15'], 500);
  await charge(C.id, ['2026-07-03'], 700);
  await charge(D.id, ['2025-10-15'], 400);
  await charge(D.id, ['2026-03-03'], 310);
  await charge(E.id, ['2025-06-01'], 999);
  await charge(E.id, ['2026-05-20'], 620);
  await charge(G.id, daysOf('2025-11', 1, 30), 37);
  await charge(G.id, daysOf('2025-12', 1, 31), 41);

  at(NOW.toISOString());
}, 120_000);
afterAll(() => t.close());

// ---- the answers, from the timeline ----

const monthInAuckland = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland', year: 'numeric', month: '2-digit' }).format(d).slice(0, 7);

/** The instant an Auckland month begins: midnight there is 11:00 or 12:00 UTC the day before. */
function startOfMonth(month: string): Date {
  const [y = 0, m = 0] = month.split('-').map(Number);
  for (const offsetHours of [13, 12]) {
    const candidate = new Date(Date.UTC(y, m - 1, 1) - offsetHours * 3_600_000);
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Pacific/Auckland',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(candidate);
    if (local === '01, 00') return candidate;
  }
  throw new Error(`no start for ${month}`);
}
function monthsBack(count: number, lastOffset: number): string[] {
  const [y = 0, m = 0] = monthInAuckland(NOW).split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 + lastOffset - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}
const paid = (f: Fixture) => !f.internal;
const stateAt = (f: Fixture, instant: Date) => f.changes.filter((c) => c.at < instant).at(-1)?.to;

/** A paid company's churns: ACTIVE -> SUSPENDED, and DELETED from ACTIVE directly or through a pending delete ACTIVE began. */
function churnsOf(f: Fixture) {
  return f.changes.flatMap((c, i) => {
    const before = f.changes[i - 1]?.to;
    const beforePending = f.changes[i - 2]?.to;
    const suspended = c.to === 'SUSPENDED' && before === 'ACTIVE';
    const deleted = c.to === 'DELETED' && (before === 'ACTIVE' || (before === 'PENDING_DELETE' && beforePending === 'ACTIVE'));
    return suspended || deleted ? [{ f, ...c }] : [];
  });
}

async function report<I extends ChurnTrackingOutput['id']>(id: I) {
  const res = ok(await (await admin()).call(churnTracking, { id }));
  return res.data as Extract<ChurnTrackingOutput, { id: I }>;
}

describe('state changes carry their reasons', () => {
  it('records each change with the reason its writer gave', async () => {
    const rows = await stateChangesOf(t, fx.E.id);
    expect(rows.map((r) => [r.from_state, r.to_state, r.reason])).toEqual([
      [null, 'TRIAL', ''],
      ['TRIAL', 'ACTIVE', CONVERTED],
      ['ACTIVE', 'PENDING_DELETE', 'Deleted (pending for 21 days)'],
      ['PENDING_DELETE', 'ACTIVE', 'Reactivated'],
    ]);
    for (const f of world) {
      const history = await stateChangesOf(t, f.id);
      expect(history.map((r) => ({ to: r.to_state, reason: r.reason, at: r.created_at.toISOString() }))).toEqual(
        f.changes.map((c) => ({ to: c.to, reason: c.reason, at: c.at.toISOString() })),
      );
    }
  });
});

describe('paid churn', () => {
  it('counts paid companies at each Auckland month start and those that left ACTIVE for DELETED or SUSPENDED', async () => {
    const months = monthsBack(12, 0);
    const events = world.filter(paid).flatMap(churnsOf);
    const expected = months.map((month) => {
      const start = startOfMonth(month);
      const paidAtStart = world.filter((f) => paid(f) && stateAt(f, start) === 'ACTIVE').length;
      const inMonth = events.filter((e) => monthInAuckland(e.at) === month);
      const churned = new Set(inMonth.map((e) => e.f.id)).size;
      return {
        month,
        is_partial: month === monthInAuckland(NOW),
        paid_at_start: paidAtStart,
        churned_to_deleted: new Set(inMonth.filter((e) => e.to === 'DELETED').map((e) => e.f.id)).size,
        churned_to_suspended: new Set(inMonth.filter((e) => e.to === 'SUSPENDED').map((e) => e.f.id)).size,
        churned,
        churn_rate_percent: paidAtStart === 0 ? null : Math.round((10_000 * churned) / paidAtStart) / 100,
      };
    });
    const { rows } = await report('admin_paid_churn_by_month');
    expect(rows).toEqual(expected);
    // What the timeline says in words: B's delete at 01:00 on 1 October in Auckland is October's.
    expect(rows.find((r) => r.month === '2026-10')).toMatchObject({ churned_to_deleted: 1, churned_to_suspended: 0 });
    expect(rows.find((r) => r.month === '2026-09')).toMatchObject({ churned: 0 });
    expect(rows.find((r) => r.month === '2026-11')).toMatchObject({ paid_at_start: 4, churned: 2, churn_rate_percent: 50 });
  });

  it('lists the paid companies that churned, most recent first, with the reason', async () => {
    const events = world
      .filter(paid)
      .flatMap(churnsOf)
      .sort((a, b) => b.at.getTime() - a.at.getTime());
    const { rows } = await report('admin_paid_churn');
    expect(rows.map((r) => [r.company_name, r.to_state, r.churned_at, r.reason])).toEqual(
      events.map((e) => [e.f.name, e.to, e.at.toISOString(), e.reason]),
    );
    expect(rows.map((r) => r.company_name)).toEqual(['Gamma Distribution', 'Trial Four', 'Bravo Ltd', 'Delta Ltd', 'Charlie Ltd']);
  });

  it('reads the report id from the query string as the spec writes it (churn_tracking?id=…), the body winning', async () => {
    const client = await admin();
    const viaQuery = (await client.post(`${churnTracking.path}?id=admin_paid_churn`, undefined)).json();
    expect(viaQuery).toEqual({ status: 'ok', code: 200, data: await report('admin_paid_churn') });
    const both = (await client.post(`${churnTracking.path}?id=admin_paid_churn`, { id: 'admin_trial_churn' }, { form: true })).json();
    expect(both.data.id).toBe('admin_trial_churn');
  });
});

describe('trial churn', () => {
  it('lists the trials that fully churned in the past 30 days, with days churned since they left the trial', async () => {
    const since = NOW.getTime() - 30 * DAY;
    const expected = world
      .filter((f) => f.type === 'customer' && !f.internal && f.changes.every((c) => c.to !== 'ACTIVE'))
      .map((f) => ({ f, last: f.changes.at(-1), left: f.changes.find((_c, i) => f.changes[i - 1]?.to === 'TRIAL') }))
      .filter(
        ({ last, left }) => last && left && ['SUSPENDED', 'PENDING_DELETE', 'DELETED'].includes(last.to) && last.at.getTime() >= since,
      )
      .sort((a, b) => (b.last?.at.getTime() ?? 0) - (a.last?.at.getTime() ?? 0))
      .map(({ f, last, left }) => ({
        company_id: f.id,
        company_name: f.name,
        latest_state: last?.to,
        latest_state_created_at: last?.at.toISOString(),
        latest_state_reason: last?.reason,
        days_churned: Math.floor((NOW.getTime() - (left?.at.getTime() ?? 0)) / DAY),
      }));
    const { rows } = await report('admin_trial_churn');
    expect(rows).toEqual(expected);
    expect(rows.map((r) => [r.company_name, r.days_churned, r.latest_state_reason])).toEqual([
      ['Trial One', 21, 'Trial ended without a plan'],
      ['Trial Two', 47, 'Pending deletion period over'],
    ]);
  });
});

describe('revenue movements', () => {
  it('splits each month’s MRR change into new, expansion, contraction, churn and reactivation, from charged usage', async () => {
    const daysIn = (month: string) => {
      const [y = 0, m = 0] = month.split('-').map(Number);
      return new Date(Date.UTC(y, m, 0)).getUTCDate();
    };
    const sums = new Map<string, number>();
    for (const c of charges) {
      const key = `${c.companyId}|${c.charge_day.slice(0, 7)}`;
      sums.set(key, (sums.get(key) ?? 0) + c.amount);
    }
    const mrr = (companyId: number, month: string) => Math.round(((sums.get(`${companyId}|${month}`) ?? 0) * 30) / daysIn(month));
    const chargedBefore = (companyId: number, month: string) =>
      charges.some((c) => c.companyId === companyId && c.charge_day.slice(0, 7) < month);
    const companies = [...new Set(charges.map((c) => c.companyId))];
    const months = monthsBack(12, -1);
    const expected = months.map((month) => {
      const prevMonth = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 2, 1)).toISOString().slice(0, 7);
      const m = { starting: 0, new: 0, expansion: 0, contraction: 0, churn: 0, reactivation: 0, ending: 0 };
      for (const id of companies) {
        const prev = mrr(id, prevMonth);
        const cur = mrr(id, month);
        m.starting += prev;
        m.ending += cur;
        if (prev === 0 && cur > 0) {
          if (chargedBefore(id, prevMonth)) m.reactivation += cur;
          else m.new += cur;
        } else if (prev > 0 && cur === 0) m.churn += prev;
        else if (cur > prev) m.expansion += cur - prev;
        else m.contraction += prev - cur;
      }
      const pct = (x: number) => (m.starting === 0 ? null : Math.round((10_000 * x) / m.starting) / 100);
      return {
        month,
        starting_mrr: m.starting,
        new_mrr: m.new,
        expansion_mrr: m.expansion,
        contraction_mrr: m.contraction,
        churn_mrr: m.churn,
        reactivation_mrr: m.reactivation,
        ending_mrr: m.ending,
        gross_revenue_churn_percent: pct(m.churn + m.contraction),
        net_revenue_churn_percent: pct(m.churn + m.contraction - m.expansion - m.reactivation),
      };
    });
    const answer = await report('admin_revenue_movements');
    expect(answer.basis).toBe('charged_usage');
    expect(answer.rows).toEqual(expected);
    // The same in words: A is flat across September (30 days) and October (31); B grew, then shrank.
    expect(answer.rows.find((r) => r.month === '2026-10')).toMatchObject({
      starting_mrr: 3000 + 2000,
      contraction_mrr: 1710,
      ending_mrr: 3290,
    });
    expect(answer.rows.find((r) => r.month === '2026-05')).toMatchObject({ reactivation_mrr: 600, new_mrr: 0 });
    expect(answer.rows.find((r) => r.month === '2026-03')).toMatchObject({ reactivation_mrr: 300 });
    expect(answer.rows.find((r) => r.month === '2026-01')).toMatchObject({ new_mrr: 484, churn_mrr: 1230 });
  });
});

describe('access', () => {
  it('answers admins only', async () => {
    const { client } = await signedInCompany(t, { company_type: 'customer', current_state: 'ACTIVE' });
    expect((await client.call(churnTracking, { id: 'admin_trial_churn' })).code).toBe(403);
  });
});

describe('reasons of new companies', () => {
  it('records who created a company, and a migration on both companies', async () => {
    const client = await admin();
    const created = ok(
      await client.call(adminCreateCompany, {
        target_company_name: 'Reasoned Co',
        target_email: 'reasoned@example.com',
        target_password: 'long-enough-password',
      }),
    ).data.company_id;
    expect((await stateChangesOf(t, created)).map((r) => [r.from_state, r.to_state, r.reason])).toEqual([
      [null, 'TRIAL', 'Created by an admin (customer)'],
    ]);

    const moved = ok(await client.call(migrateCompany, { target_id: created, target_confirm_company_name: 'Reasoned Co' })).data
      .new_company_id;
    expect((await stateChangesOf(t, created)).map((r) => [r.to_state, r.reason]).at(-1)).toEqual([
      'MIGRATED',
      `Migrated to company #${moved}`,
    ]);
    expect((await stateChangesOf(t, moved)).map((r) => [r.from_state, r.to_state, r.reason])).toEqual([
      [null, 'TRIAL', `Migrated from company #${created}`],
    ]);
  });
});
