import { changePassword, resetPassword } from '@portal/contract/account/password';
import { adminCreateCompany, distributorCreateCompany } from '@portal/contract/companies/company-create';
import { createUser, patchUser } from '@portal/contract/users/company-users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany, newUser } from '../../test/harness.ts';
import { uniqueEmail } from '../../test/factories.ts';
import { requestReset } from '../../test/password-reset.ts';
import { setUser } from '../../test/rows.ts';
import { passwordWeakness } from './password-strength.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ BOT_CHALLENGE_MAX_NUMBER: '100' });
});
afterAll(() => t.close());

const TOO_WEAK = 'This password is too common or too easy to guess. Please choose another, such as a few unrelated words';
/** The review's examples, a breached favourite, and a keyboard walk: all at least the spec's 8 characters. */
const WEAK = ['password', '12345678', 'aaaaaaaa', 'Password123', 'qwertyuiop'];
const STRONG = 'fennel-lantern-cobalt-9';

const session = (userId: number) => new TestClient(t.app).useSession(t.db, t.clock, userId);
const refusedOn = (field: string) => ({ code: 400, data: { fields: { [field]: TOO_WEAK } } });

describe('the password check', () => {
  it('refuses common, repeated and sequential passwords and ones made of the user’s own details', () => {
    for (const password of WEAK) expect(passwordWeakness(password, [])).toBe(TOO_WEAK);
    expect(passwordWeakness('Quokka Brisket', ['quokka.brisket@example.com', 'Quokka Brisket'])).toBe(TOO_WEAK);
    expect(passwordWeakness('quokkabrisket', ['quokkabrisket@example.com'])).toBe(TOO_WEAK);
  });

  it('accepts a password that is hard to guess', () => {
    expect(passwordWeakness(STRONG, ['someone@example.com'])).toBeNull();
    expect(passwordWeakness('correct horse battery staple', [])).toBeNull();
  });
});

describe('every call that sets a password refuses a weak one', () => {
  it('change-password', async () => {
    const { user } = await newCompany(t.db);
    const c = await session(user.id);
    for (const new_password of WEAK) expect(await c.call(changePassword, { new_password })).toMatchObject(refusedOn('new_password'));
    expect((await c.call(changePassword, { new_password: STRONG })).status).toBe('ok');
  });

  it("change-password, with the user's own name", async () => {
    const { user } = await newCompany(t.db);
    await setUser(t, user.id, { contact_name: 'Harriet Quimby' });
    const res = await (await session(user.id)).call(changePassword, { new_password: 'HarrietQuimby' });
    expect(res).toMatchObject(refusedOn('new_password'));
  });

  it('reset-password, leaving the link usable for a better password', async () => {
    const { user } = await newCompany(t.db);
    const token = await requestReset(t, user.email);
    const c = new TestClient(t.app);
    expect(await c.call(resetPassword, { email_token: token, new_password: 'password' })).toMatchObject(refusedOn('new_password'));
    expect((await c.call(resetPassword, { email_token: token, new_password: STRONG })).status).toBe('ok');
  });

  it('patch_user', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const member = await newUser(t.db, company.id);
    const c = await session(user.id);
    const res = await c.call(patchUser, { target_company_id: company.id, target_id: member.id, target_password: '12345678' });
    expect(res).toMatchObject(refusedOn('target_password'));
  });

  it('create_user', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const c = await session(user.id);
    const input = { target_company_id: company.id, target_email: uniqueEmail('weak') };
    expect(await c.call(createUser, { ...input, target_password: 'aaaaaaaa' })).toMatchObject(refusedOn('target_password'));
    expect((await c.call(createUser, { ...input, target_password: STRONG })).status).toBe('ok');
  });

  it('creating a company (admin and distributor)', async () => {
    const admin = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin', current_state: 'ACTIVE' });
    const dist = await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE' });
    const byAdmin = await (await session(admin.user.id)).call(adminCreateCompany, {
      target_company_name: 'Weak Ltd',
      target_company_type: 'customer',
      target_email: uniqueEmail('owner'),
      target_password: 'password',
    });
    expect(byAdmin).toMatchObject(refusedOn('target_password'));
    const byDistributor = await (await session(dist.user.id)).call(distributorCreateCompany, {
      target_company_name: 'Weak Sub Ltd',
      target_email: uniqueEmail('owner'),
      target_password: 'password',
    });
    expect(byDistributor).toMatchObject(refusedOn('target_password'));
  });
});
