import type { CompanyType } from '@portal/contract/shared/fields';
import type { StaffRole } from '@portal/contract/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, rolesFor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { callContext } from '../../test/context.ts';
import { type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import * as tenancy from './service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** Who asks: a user of a company of a type, with a staff role for the admin company, maybe an admin signed in as them. */
interface Who {
  company: 'staff' | 'supportCo' | 'A' | 'B' | 'D' | 'E';
  type: CompanyType;
  staffRole?: StaffRole;
  impersonated?: boolean;
}

const ACTORS: Record<string, Who> = {
  admin: { company: 'staff', type: 'admin', staffRole: 'admin' },
  support: { company: 'staff', type: 'admin', staffRole: 'support' },
  sales: { company: 'staff', type: 'admin', staffRole: 'sales' },
  'sales admin': { company: 'staff', type: 'admin', staffRole: 'sales_admin' },
  'support company user': { company: 'supportCo', type: 'support' },
  'customer of A': { company: 'A', type: 'customer' },
  'distributor of A': { company: 'D', type: 'distributor' },
  'other distributor': { company: 'E', type: 'distributor' },
  'admin as customer of A': { company: 'A', type: 'customer', impersonated: true },
  'admin as distributor of A': { company: 'D', type: 'distributor', impersonated: true },
  'admin as support staff': { company: 'staff', type: 'admin', staffRole: 'support', impersonated: true },
};

/** The company asked for, by its relation to the actors: A is a sub-account of distributor D; B stands alone. */
const TARGETS = ['A', 'B', 'D', 'missing'] as const;
type Outcome = 'ok' | 403 | 404;

/**
 * The rule, written out: admins reach every company; other staff read every company and change none; anyone
 * else reaches their own company, and a distributor its sub-accounts too; every other company is "not found",
 * as is a company that does not exist (whoever asks). An admin signed in as someone has only their powers.
 */
const EXPECTED: Record<string, Record<(typeof TARGETS)[number], [read: Outcome, write: Outcome]>> = {
  admin: { A: ['ok', 'ok'], B: ['ok', 'ok'], D: ['ok', 'ok'], missing: [404, 404] },
  support: { A: ['ok', 403], B: ['ok', 403], D: ['ok', 403], missing: [404, 404] },
  sales: { A: ['ok', 403], B: ['ok', 403], D: ['ok', 403], missing: [404, 404] },
  'sales admin': { A: ['ok', 403], B: ['ok', 403], D: ['ok', 403], missing: [404, 404] },
  'support company user': { A: ['ok', 403], B: ['ok', 403], D: ['ok', 403], missing: [404, 404] },
  'customer of A': { A: ['ok', 'ok'], B: [404, 404], D: [404, 404], missing: [404, 404] },
  'distributor of A': { A: ['ok', 'ok'], B: [404, 404], D: ['ok', 'ok'], missing: [404, 404] },
  'other distributor': { A: [404, 404], B: [404, 404], D: [404, 404], missing: [404, 404] },
  'admin as customer of A': { A: ['ok', 'ok'], B: [404, 404], D: [404, 404], missing: [404, 404] },
  'admin as distributor of A': { A: ['ok', 'ok'], B: [404, 404], D: ['ok', 'ok'], missing: [404, 404] },
  'admin as support staff': { A: [404, 404], B: [404, 404], D: [404, 404], missing: [404, 404] },
};

describe('tenancy.requireCompany: actor × mode × relationship', () => {
  it('answers each actor, for reading and for changing, the company it may reach and refuses the rest', async () => {
    const made = async (o: Parameters<typeof newCompany>[1]) => (await newCompany(t.db, o)).company.id;
    const ids = {
      staff: await made({ company_type: 'admin', current_state: 'ACTIVE' }),
      supportCo: await made({ company_type: 'support', current_state: 'ACTIVE' }),
      D: await made({ company_type: 'distributor', current_state: 'ACTIVE' }),
      E: await made({ company_type: 'distributor', current_state: 'ACTIVE' }),
      B: await made({ company_type: 'customer', current_state: 'ACTIVE' }),
      A: 0,
      missing: 2_000_000_000,
    };
    ids.A = await made({ company_type: 'customer', current_state: 'ACTIVE', distributor_id: ids.D });

    const actor = (who: Who): Actor => ({
      sessionId: 'table',
      userId: 1,
      email: 'someone@example.com',
      label: 'someone',
      companyId: ids[who.company],
      companyType: who.type,
      roles: rolesFor(who.type, who.staffRole ?? null, who.impersonated ?? false),
      capabilities: [],
      impersonatorUserId: who.impersonated ? 2 : null,
      authenticatedAt: t.clock.now(),
      twoFactorSetupPending: false,
    });
    const outcome = async (who: Who, target: (typeof TARGETS)[number], mode: 'read' | 'write'): Promise<Outcome> => {
      const ctx = await callContext(t, { actor: actor(who) });
      try {
        const company = await tenancy.requireCompany(ctx, ids[target], mode);
        expect(company.id).toBe(ids[target]);
        return 'ok';
      } catch (err) {
        if (err instanceof AppError && (err.code === 403 || err.code === 404)) return err.code;
        throw err;
      }
    };

    const found: typeof EXPECTED = {};
    for (const [name, who] of Object.entries(ACTORS)) {
      const row: Partial<(typeof EXPECTED)[string]> = {};
      for (const target of TARGETS) row[target] = [await outcome(who, target, 'read'), await outcome(who, target, 'write')];
      found[name] = row as (typeof EXPECTED)[string];
    }
    expect(found).toEqual(EXPECTED);
  });
});
