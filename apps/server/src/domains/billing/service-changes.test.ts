import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallContext, PublicContext } from '../../platform/context.ts';
import { type ChangeOutcome, actorOf, outcomeOf } from '../../test/actors.ts';
import { callContext, jobContext } from '../../test/context.ts';
import { type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import * as billing from './service.ts';

/**
 * Billing applies tenancy's write rule itself (docs/decisions/0100) to what products and jobs ask of it: a
 * product that names another company's resource, or acts for staff who may not change the company, or for no
 * one, changes nothing. One actor at a time, on a fresh company.
 */
let t: TestContext;
let stranger = 0;
beforeAll(async () => {
  t = await createTestContext();
  stranger = (await newCompany(t.db, { current_state: 'ACTIVE' })).company.id;
});
afterAll(() => t.close());

/** Who asks, for a company: each actor's context. */
function actors(): Record<string, (companyId: number) => Promise<PublicContext>> {
  const now = t.clock.now();
  return {
    'customer of the company': (companyId) => callContext(t, { actor: actorOf({ companyId, type: 'customer' }, now) }),
    admin: () => callContext(t, { actor: actorOf({ companyId: 0, type: 'admin', staffRole: 'admin' }, now) }),
    'scheduled job': async () => jobContext(t),
    support: () => callContext(t, { actor: actorOf({ companyId: 0, type: 'admin', staffRole: 'support' }, now) }),
    'customer of another company': () => callContext(t, { actor: actorOf({ companyId: stranger, type: 'customer' }, now) }),
    'no one': () => callContext(t),
  };
}

const EXPECTED: Record<string, ChangeOutcome> = {
  'customer of the company': 'changed',
  admin: 'changed',
  'scheduled job': 'changed',
  support: 403,
  'customer of another company': 404,
  'no one': 401,
};

/** The type asks for a signed-in caller; one that casts a public context past it is refused all the same. */
const signedIn = (ctx: PublicContext) => ctx as CallContext;

let owners = 0;

describe('billing: service changes apply the write rule', () => {
  it('starts, resizes and stops a service for those who may change its company, and leaves it as it was for the rest', async () => {
    const running = async (companyId: number) => (await billing.runningServices(t, { companyId })).map((s) => [s.owner_id, s.quantity]);

    const CHANGES = {
      start: async (ctx: CallContext, companyId: number, ownerId: string) => {
        await billing.startService(ctx, { company_id: companyId, kind: 'storage', owner_kind: 'storage_account', owner_id: ownerId });
      },
      resize: async (ctx: CallContext, _companyId: number, ownerId: string) => {
        await billing.resizeService(ctx, { ref: { owner_kind: 'storage_account', owner_id: ownerId }, changes: { quantity: 7 } });
      },
      stop: async (ctx: CallContext, _companyId: number, ownerId: string) => {
        await billing.stopService(ctx, { owner_kind: 'storage_account', owner_id: ownerId });
      },
    };
    for (const [name, change] of Object.entries(CHANGES)) {
      const found: Record<string, ChangeOutcome> = {};
      for (const [who, contextFor] of Object.entries(actors())) {
        const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
        const ownerId = `owner-${++owners}`;
        // Every change but a start needs a running service to change.
        if (name !== 'start') await CHANGES.start(jobContext(t), company.id, ownerId);
        const before = await running(company.id);
        const ctx = await contextFor(company.id);
        found[who] = await outcomeOf(() => change(signedIn(ctx), company.id, ownerId));
        if (found[who] === 'changed') expect(await running(company.id), `${name} by ${who}`).not.toEqual(before);
        else expect(await running(company.id), `${name} refused to ${who}`).toEqual(before);
      }
      expect(found, name).toEqual(EXPECTED);
    }
  });
});

describe('billing: credit, the mark of a suspension for credit and the day’s figures apply the write rule', () => {
  it('adds credit, marks and reports for those who may change the company, a job or a checked serial, and for no one else', async () => {
    const day = billing.billingDayOf(jobContext(t));
    const figures = async (companyId: number) => (await billing.latestDailyStats(jobContext(t), { companyId }))?.device_count ?? null;
    const CHANGES: Record<
      string,
      {
        make: (ctx: PublicContext, companyId: number) => Promise<unknown>;
        state: (companyId: number) => Promise<unknown>;
      }
    > = {
      'add credit': {
        make: (ctx, companyId) =>
          billing.addCredit(signedIn(ctx), { company_id: companyId, name: 'Credit', amount: 500, source: 'admin', added_by_user: 'Test' }),
        state: (companyId) => billing.balanceOf(jobContext(t), { companyId }),
      },
      'mark suspended for credit': {
        make: (ctx, companyId) => billing.markSuspendedForCredit(signedIn(ctx), { companyId, suspended: true }),
        state: (companyId) => billing.isSuspendedForCredit(t, { companyId }),
      },
      'report the day’s devices': {
        make: (ctx, companyId) => billing.recordDailyStats(ctx, { company_id: companyId, date: day, device_count: 3 }),
        state: figures,
      },
    };
    for (const [name, change] of Object.entries(CHANGES)) {
      const found: Record<string, ChangeOutcome> = {};
      for (const [who, contextFor] of Object.entries(actors())) {
        const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
        const before = await change.state(company.id);
        const ctx = await contextFor(company.id);
        found[who] = await outcomeOf(() => change.make(ctx, company.id));
        if (found[who] === 'changed') expect(await change.state(company.id), `${name} by ${who}`).not.toEqual(before);
        else expect(await change.state(company.id), `${name} refused to ${who}`).toEqual(before);
      }
      expect(found, name).toEqual(EXPECTED);
    }
    // A licence's check-in is signed in as no one: the serial it presented is its proof.
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    await billing.recordDailyStats(await callContext(t), { company_id: company.id, date: day, device_count: 4, proof: 'licence serial' });
    expect(await figures(company.id)).toBe(4);
  });
});
