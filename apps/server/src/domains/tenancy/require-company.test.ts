import type { CompanyType } from '@portal/contract/shared/fields';
import type { StaffRole } from '@portal/contract/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, forbidden } from '../../platform/errors.ts';
import { actorOf } from '../../test/actors.ts';
import { callContext } from '../../test/context.ts';
import { type CallContext, type Logger, runInContext, systemSource } from '../../platform/context.ts';
import { ON_POSTGRES, type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { sessionsWaitingOnLocks } from '../../test/rows.ts';
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

    const outcome = async (who: Who, target: (typeof TARGETS)[number], mode: 'read' | 'write'): Promise<Outcome> => {
      const ctx = await callContext(t, { actor: actorOf({ ...who, companyId: ids[who.company] }, t.clock.now()) });
      try {
        const company = await tenancy.requireCompany(ctx, { companyId: ids[target], mode });
        expect(company.id).toBe(ids[target]);
        return 'ok';
      } catch (err) {
        if (err instanceof AppError && err.code === 403) expect(err.message).toBe(forbidden().message);
        if (err instanceof AppError && err.code === 404) expect(err.message).toBe('Company not found');
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

  it('keeps a deleted or migrated company as it is (requireOpenCompany): read, yes; changed, no, even by an admin', async () => {
    const admin = await callContext(t, { actor: actorOf({ companyId: 0, type: 'admin', staffRole: 'admin' }, t.clock.now()) });
    const open = (await newCompany(t.db, { current_state: 'ACTIVE' })).company.id;
    expect((await tenancy.requireOpenCompany(admin, { companyId: open, mode: 'write' })).id).toBe(open);
    for (const state of ['DELETED', 'MIGRATED'] as const) {
      const closed = (await newCompany(t.db, { current_state: state })).company.id;
      expect((await tenancy.requireOpenCompany(admin, { companyId: closed, mode: 'read' })).id).toBe(closed);
      await expect(tenancy.requireOpenCompany(admin, { companyId: closed, mode: 'write' })).rejects.toMatchObject({
        code: 400,
        message: 'This company has been deleted and cannot be changed',
      });
    }
    for (const state of ['PENDING_DELETE', 'SUSPENDED', 'TRIAL'] as const) {
      const live = (await newCompany(t.db, { current_state: state })).company.id;
      expect((await tenancy.requireOpenCompany(admin, { companyId: live, mode: 'write' })).id).toBe(live);
    }
  });

  it.skipIf(!ON_POSTGRES)('locks the company row for a change until the call ends; a read does not wait (PostgreSQL)', async () => {
    const QUIET: Logger = { info: () => {}, warn: () => {}, error: () => {} };
    const admin = actorOf({ companyId: 0, type: 'admin', staffRole: 'admin' }, t.clock.now());
    const inCall = <T>(work: (ctx: CallContext) => Promise<T>) =>
      runInContext({ ...t.app.deps, db: t.db }, { ...systemSource(QUIET), actor: admin }, (ctx) => work(ctx as CallContext));
    const id = (await newCompany(t.db, { current_state: 'ACTIVE' })).company.id;
    for (const mode of ['read', 'write'] as const) {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const first = inCall(async (ctx) => {
        await tenancy.requireCompany(ctx, { companyId: id, mode });
        locked();
        await held;
      });
      await isLocked;
      const order: string[] = [];
      let secondDone = false;
      const second = inCall(async (ctx) => {
        await tenancy.requireCompany(ctx, { companyId: id, mode: 'write' });
        order.push('second');
        secondDone = true;
      });
      // Until the second call waits on a lock, or has gone through.
      while (!secondDone && (await sessionsWaitingOnLocks(t)) < 1);
      order.push('first ends');
      release();
      await Promise.all([first, second]);
      expect(order).toEqual(mode === 'write' ? ['first ends', 'second'] : ['second', 'first ends']);
    }
  });
});
