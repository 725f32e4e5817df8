import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallContext } from '../../platform/context.ts';
import { type ChangeOutcome, actorOf, outcomeOf } from '../../test/actors.ts';
import { callContext, jobContext } from '../../test/context.ts';
import { type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import * as billing from './service.ts';

/**
 * Products start, resize and stop a company's services only through billing, and billing applies tenancy's
 * write rule itself (docs/decisions/0100): a product that names another company's resource, or acts for staff
 * who may not change the company, changes nothing. One actor at a time, on a fresh company's service.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

let owners = 0;

const EXPECTED: Record<string, ChangeOutcome> = {
  'customer of the company': 'changed',
  admin: 'changed',
  'scheduled job': 'changed',
  support: 403,
  'customer of another company': 404,
};

describe('billing: service changes apply the write rule', () => {
  it('starts, resizes and stops a service for those who may change its company, and leaves it as it was for the rest', async () => {
    const stranger = (await newCompany(t.db, { current_state: 'ACTIVE' })).company.id;
    const now = t.clock.now();
    const contexts: Record<string, (companyId: number) => Promise<CallContext>> = {
      'customer of the company': (companyId) => callContext(t, { actor: actorOf({ companyId, type: 'customer' }, now) }),
      admin: () => callContext(t, { actor: actorOf({ companyId: 0, type: 'admin', staffRole: 'admin' }, now) }),
      'scheduled job': async () => jobContext(t),
      support: () => callContext(t, { actor: actorOf({ companyId: 0, type: 'admin', staffRole: 'support' }, now) }),
      'customer of another company': () => callContext(t, { actor: actorOf({ companyId: stranger, type: 'customer' }, now) }),
    };
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
      for (const [who, contextFor] of Object.entries(contexts)) {
        const { company } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
        const ownerId = `owner-${++owners}`;
        // Every change but a start needs a running service to change.
        if (name !== 'start') await CHANGES.start(jobContext(t), company.id, ownerId);
        const before = await running(company.id);
        const ctx = await contextFor(company.id);
        found[who] = await outcomeOf(() => change(ctx, company.id, ownerId));
        if (found[who] === 'changed') expect(await running(company.id), `${name} by ${who}`).not.toEqual(before);
        else expect(await running(company.id), `${name} refused to ${who}`).toEqual(before);
      }
      expect(found, name).toEqual(EXPECTED);
    }
  });
});
