import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallContext, PublicContext } from '../../platform/context.ts';
import { type ChangeOutcome, actorOf, outcomeOf } from '../../test/actors.ts';
import { callContext, jobContext } from '../../test/context.ts';
import { type TestContext, createTestContext, newCompany, newUser } from '../../test/harness.ts';
import { userRow } from '../../test/rows.ts';
import * as users from './service.ts';

/**
 * Users' changes apply their own rule (docs/decisions/0100): the user themself, a scheduled job, or whoever may
 * change the user's company; or a change whose caller names its proof (a mailed link, a sign-in), whoever asks. Each change is
 * made by one actor at a time on a fresh user, and lands or is refused with the user's row unchanged.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const at = new Date('2026-11-01T00:00:00Z');
type Change = (ctx: PublicContext, userId: number) => Promise<void>;
/** The changes typed for a signed-in caller get the signed-out context too, as a caller that forgot to sign in would pass it. */
const signedIn = (ctx: PublicContext) => ctx as CallContext;

/** Each change, and how its row shows it landed. */
const CHANGES: Record<string, { make: Change; landed: (row: users.UserRow, before: users.UserRow) => boolean; proof?: users.Proof }> = {
  setPassword: {
    make: (ctx, userId) => users.setPassword(ctx, { userId, password: 'a quite long new passphrase 7' }),
    landed: (row, before) => row.password_hash !== before.password_hash,
  },
  updateProfile: {
    make: (ctx, userId) => users.updateProfile(signedIn(ctx), { userId, profile: { contact_name: 'Renamed' } }),
    landed: (row) => row.contact_name === 'Renamed',
  },
  changeEmail: {
    make: (ctx, userId) => users.changeEmail(signedIn(ctx), { userId, email: `moved-${userId}@example.com`, field: 'user_email' }),
    landed: (row) => row.email.startsWith('moved-'),
  },
  markDeleted: {
    make: (ctx, userId) => users.markDeleted(signedIn(ctx), { userId, at }),
    landed: (row) => row.deleted_at?.getTime() === at.getTime(),
  },
  markEmailVerified: {
    make: (ctx, userId) => users.markEmailVerified(ctx, { userId, at, proof: 'verification link' }),
    landed: (row) => row.email_verified_at?.getTime() === at.getTime(),
    proof: 'verification link',
  },
  recordLogin: {
    make: (ctx, userId) => users.recordLogin(ctx, { userId, at, browserTimezone: 'Pacific/Auckland' }),
    landed: (row) => row.last_login_at?.getTime() === at.getTime(),
    proof: 'sign-in',
  },
};

const EXPECTED: Record<string, ChangeOutcome> = {
  'the user': 'changed',
  'a colleague': 'changed',
  'its distributor': 'changed',
  admin: 'changed',
  'scheduled job': 'changed',
  support: 403,
  'another company’s user': 404,
  'no one': 401,
};

describe('users: every change applies its own rule', () => {
  it('changes the user for those who may, and refuses the rest with nothing written', async () => {
    const distributor = (await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE' })).company.id;
    const stranger = (await newCompany(t.db, { current_state: 'ACTIVE' })).company.id;
    const now = t.clock.now();
    const who = (companyId: number, type: 'customer' | 'distributor' | 'admin', staffRole?: 'admin' | 'support', userId = 1) => ({
      ...actorOf({ companyId, type, staffRole }, now),
      userId,
    });
    const contexts: Record<string, (u: users.UserRow) => Promise<PublicContext>> = {
      'the user': (u) => callContext(t, { actor: who(u.company_id, 'customer', undefined, u.id) }),
      'a colleague': (u) => callContext(t, { actor: who(u.company_id, 'customer') }),
      'its distributor': () => callContext(t, { actor: who(distributor, 'distributor') }),
      admin: () => callContext(t, { actor: who(0, 'admin', 'admin') }),
      'scheduled job': async () => jobContext(t),
      support: () => callContext(t, { actor: who(0, 'admin', 'support') }),
      'another company’s user': () => callContext(t, { actor: who(stranger, 'customer') }),
      'no one': () => callContext(t),
    };

    for (const [name, change] of Object.entries(CHANGES)) {
      const found: Record<string, ChangeOutcome> = {};
      for (const [actor, contextFor] of Object.entries(contexts)) {
        const { company } = await newCompany(t.db, { current_state: 'ACTIVE', distributor_id: distributor });
        const user = await newUser(t.db, company.id, { email_verified_at: null });
        const before = await userRow(t, user.id);
        const ctx = await contextFor(user);
        found[actor] = await outcomeOf(() => change.make(ctx, user.id));
        const after = await userRow(t, user.id);
        if (found[actor] === 'changed')
          expect(change.landed(after as users.UserRow, before as users.UserRow), `${name} by ${actor}`).toBe(true);
        else expect(after, `${name} refused to ${actor}`).toEqual(before);
      }
      // A change its caller names the proof of (a mailed link, a sign-in) stands for the user, whoever is signed in.
      const everyone = Object.fromEntries(Object.keys(EXPECTED).map((k) => [k, 'changed']));
      expect(found, name).toEqual(change.proof ? everyone : EXPECTED);
    }
  });

  it('refuses a password set with no one signed in unless its caller names the proof, and takes it with one from any browser', async () => {
    const { user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const before = await userRow(t, user.id);
    const noOne = await callContext(t);
    await expect(users.setPassword(noOne, { userId: user.id, password: 'a quite long new passphrase 7' })).rejects.toMatchObject({
      code: 401,
    });
    expect(await userRow(t, user.id)).toEqual(before);
    await users.setPassword(noOne, { userId: user.id, password: 'a quite long new passphrase 7', proof: 'password reset link' });
    const reset = (await userRow(t, user.id))?.password_hash;
    expect(reset).not.toBe(before?.password_hash);
    // The link works in a browser where someone else is signed in: the proof is the user's, not the session's.
    const stranger = (await newCompany(t.db, { current_state: 'ACTIVE' })).company.id;
    const elsewhere = await callContext(t, { actor: actorOf({ companyId: stranger, type: 'customer' }, t.clock.now()) });
    await users.setPassword(elsewhere, { userId: user.id, password: 'another long new passphrase 8', proof: 'password reset link' });
    expect((await userRow(t, user.id))?.password_hash).not.toBe(reset);
  });
});
