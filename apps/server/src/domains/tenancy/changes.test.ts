import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallContext } from '../../platform/context.ts';
import { type ChangeOutcome, actorOf, outcomeOf } from '../../test/actors.ts';
import { callContext, jobContext } from '../../test/context.ts';
import { type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { companyEvents, companyRow } from '../../test/rows.ts';
import * as tenancy from './service.ts';

/**
 * Tenancy's changes apply requireCompany's write rule themselves, so another domain that forgot to ask cannot
 * change a company its actor may not: each change below is made by one actor at a time, on a fresh company,
 * and either lands with its history line or is refused with nothing written.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const DETAILS = {
  company_name: 'Renamed Ltd',
  phone_number: '+64 9 555 0199',
  street_address: '2 Queen Street',
  city: 'Auckland',
  postal_code: '1010',
  country: 'NZ',
};

/** Each change, and what the company looks like once it has landed (a field, and its history line if it writes one). */
const CHANGES: Record<
  string,
  { make: (ctx: CallContext, companyId: number) => Promise<void>; landed: Record<string, unknown>; line?: string }
> = {
  updateDetails: {
    make: (ctx, companyId) => tenancy.updateDetails(ctx, { companyId, details: { company_name: 'Renamed Ltd' } }),
    landed: { company_name: 'Renamed Ltd' },
  },
  setHasSavedCard: {
    make: (ctx, companyId) => tenancy.setHasSavedCard(ctx, { companyId, has: true }),
    landed: { has_saved_card: true },
  },
  setTwoFactorRule: {
    make: (ctx, companyId) => tenancy.setTwoFactorRule(ctx, { companyId, required: true }),
    landed: { require_two_factor: true },
    line: 'Required two-factor sign-in for every user',
  },
  completeSignup: {
    make: (ctx, companyId) => tenancy.completeSignup(ctx, { companyId, details: DETAILS, at: t.clock.now(), promoCode: null }),
    landed: { company_name: 'Renamed Ltd', city: 'Auckland' },
  },
  administer: {
    make: (ctx, companyId) => tenancy.administer(ctx, { companyId, changes: { notes: 'Checked' }, history: ['Changed notes'] }),
    landed: { notes: 'Checked' },
    line: 'Changed notes',
  },
  changeState: {
    make: (ctx, companyId) => tenancy.changeState(ctx, { companyId, state: 'SUSPENDED', reason: 'Suspended by staff', note: 'Unpaid' }),
    landed: { current_state: 'SUSPENDED' },
    line: 'Suspended by staff: ACTIVE -> SUSPENDED (Unpaid)',
  },
};

/** The company's own user, its distributor, an admin and the scheduler change it; staff who are not admins and other companies' users do not. */
const EXPECTED: Record<string, ChangeOutcome> = {
  'customer of the company': 'changed',
  'its distributor': 'changed',
  admin: 'changed',
  'scheduled job': 'changed',
  support: 403,
  'customer of another company': 404,
  'other distributor': 404,
};

describe('tenancy: every change applies the write rule itself', () => {
  it('changes the company for those who may change it, and refuses the rest with nothing written', async () => {
    const distributor = (await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE' })).company.id;
    const other = (await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE' })).company.id;
    const stranger = (await newCompany(t.db, { current_state: 'ACTIVE' })).company.id;
    const now = t.clock.now();
    const contexts: Record<string, (companyId: number) => Promise<CallContext>> = {
      'customer of the company': (companyId) => callContext(t, { actor: actorOf({ companyId, type: 'customer' }, now) }),
      'its distributor': () => callContext(t, { actor: actorOf({ companyId: distributor, type: 'distributor' }, now) }),
      admin: () => callContext(t, { actor: actorOf({ companyId: 0, type: 'admin', staffRole: 'admin' }, now) }),
      'scheduled job': async () => jobContext(t),
      support: () => callContext(t, { actor: actorOf({ companyId: 0, type: 'admin', staffRole: 'support' }, now) }),
      'customer of another company': () => callContext(t, { actor: actorOf({ companyId: stranger, type: 'customer' }, now) }),
      'other distributor': () => callContext(t, { actor: actorOf({ companyId: other, type: 'distributor' }, now) }),
    };

    for (const [name, change] of Object.entries(CHANGES)) {
      const found: Record<string, ChangeOutcome> = {};
      for (const [who, contextFor] of Object.entries(contexts)) {
        const { company } = await newCompany(t.db, { current_state: 'ACTIVE', distributor_id: distributor });
        const before = await companyRow(t, company.id);
        const ctx = await contextFor(company.id);
        found[who] = await outcomeOf(() => change.make(ctx, company.id));
        if (found[who] === 'changed') {
          expect(await companyRow(t, company.id), `${name} by ${who}`).toMatchObject(change.landed);
          const lines = (await companyEvents(t, company.id)).map((e) => e.event);
          if (change.line) expect(lines, `${name} by ${who}`).toContain(change.line);
        } else {
          expect(await companyRow(t, company.id), `${name} refused to ${who}`).toEqual(before);
          expect(await companyEvents(t, company.id), `${name} refused to ${who}`).toEqual([]);
        }
      }
      expect(found, name).toEqual(EXPECTED);
    }
  });
});
