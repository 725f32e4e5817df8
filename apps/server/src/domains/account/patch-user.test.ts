import { reauthenticate } from '@portal/contract/auth/sessions';
import { listCompanyUsers, patchUser } from '@portal/contract/users/company-users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany, newUser } from '../../test/harness.ts';
import { lastMailTo } from '../../test/mail.ts';
import { companyEvents, sessionsOf, setUser, userRow } from '../../test/rows.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const NEW_PASSWORD = 'plum-orchard-gate-47';
const session = (userId: number, impersonator: number | null = null) =>
  new TestClient(t.app).useSession(t.db, t.clock, userId, impersonator);
const signsInWith = async (email: string, password: string) => (await new TestClient(t.app).login(email, password)).status === 'ok';

const REFUSED_FOR_OTHERS = { code: 403, message: 'Only the primary contact or an admin can change the password or email of another user' };
const REFUSED_FOR_PRIMARY = { code: 403, message: 'Only the primary contact can change their own password or email' };
const REFUSED_AS_USER = { code: 403, message: 'An admin signed in as this user cannot change how the user signs in' };

/** A customer company with its primary contact and a second, ordinary user. */
async function team() {
  const { company, user: primary } = await newCompany(t.db, { current_state: 'ACTIVE' });
  const member = await newUser(t.db, company.id, { contact_name: 'Morgan Member' });
  return { company, primary, member };
}

async function staffAdmin() {
  return (await newCompany(t.db, { company_type: 'admin', staff_role: 'admin', current_state: 'ACTIVE' })).user;
}

describe('who may change the password or email of whom (patch_user)', () => {
  it("refuses a user who is not the primary contact the primary contact's password and email", async () => {
    const { company, primary, member } = await team();
    const c = await session(member.id);
    const base = { target_company_id: company.id, target_id: primary.id };
    expect(await c.call(patchUser, { ...base, target_password: NEW_PASSWORD })).toMatchObject(REFUSED_FOR_PRIMARY);
    expect(await c.call(patchUser, { ...base, target_email: 'taken-over@example.com' })).toMatchObject(REFUSED_FOR_PRIMARY);
    expect(await signsInWith(primary.email, NEW_PASSWORD)).toBe(false);
    expect((await userRow(t, primary.id))?.email).toBe(primary.email);
  });

  it("refuses a user who is not the primary contact another user's password and email, but not their name and flags", async () => {
    const { company, member } = await team();
    const other = await newUser(t.db, company.id);
    const c = await session(member.id);
    const base = { target_company_id: company.id, target_id: other.id };
    expect(await c.call(patchUser, { ...base, target_password: NEW_PASSWORD })).toMatchObject(REFUSED_FOR_OTHERS);
    expect(await c.call(patchUser, { ...base, target_email: 'moved@example.com' })).toMatchObject(REFUSED_FOR_OTHERS);
    expect((await c.call(patchUser, { ...base, target_contact_name: 'Renamed', target_is_billing: true })).status).toBe('ok');
    expect(await userRow(t, other.id)).toMatchObject({ email: other.email, contact_name: 'Renamed', is_billing: true });
  });

  it("lets the primary contact set another user's password; that user's sessions end and the new password signs in", async () => {
    const { company, primary, member } = await team();
    const memberBrowser = await session(member.id);
    const res = await (await session(primary.id)).call(patchUser, {
      target_company_id: company.id,
      target_id: member.id,
      target_password: NEW_PASSWORD,
    });
    expect(res.status).toBe('ok');
    expect(await sessionsOf(t, member.id)).toHaveLength(0);
    expect((await memberBrowser.call(listCompanyUsers, {})).code).toBe(401);
    expect(await signsInWith(member.email, NEW_PASSWORD)).toBe(true);
  });

  it('clears the verification of a changed email and mails the new address a verification link', async () => {
    const { company, primary, member } = await team();
    await setUser(t, member.id, { email_verified_at: t.clock.now() });
    const email = `member-moved-${member.id}@example.com`;
    const res = await (await session(primary.id)).call(patchUser, {
      target_company_id: company.id,
      target_id: member.id,
      target_email: email,
    });
    expect(res.status).toBe('ok');
    expect(await userRow(t, member.id)).toMatchObject({ email, email_verified_at: null });
    expect((await lastMailTo(t.db, email))?.template).toBe('verify_email');
  });

  it('needs a sign-in check within the last 10 minutes for a password or email, not for the rest', async () => {
    const { company, primary, member } = await team();
    const c = await session(primary.id);
    t.clock.advance(11 * MINUTE);
    const base = { target_company_id: company.id, target_id: member.id };
    const reauth = { code: 403, message: 'Please confirm it is you to continue', data: { reauth_required: true } };
    expect(await c.call(patchUser, { ...base, target_password: NEW_PASSWORD })).toMatchObject(reauth);
    expect(await c.call(patchUser, { ...base, target_email: 'later@example.com' })).toMatchObject(reauth);
    expect((await c.call(patchUser, { ...base, target_contact_name: 'Still fine' })).status).toBe('ok');
    expect(await signsInWith(member.email, NEW_PASSWORD)).toBe(false);

    expect((await c.call(reauthenticate, { target_password: 'test-password' })).status).toBe('ok');
    expect((await c.call(patchUser, { ...base, target_password: NEW_PASSWORD })).status).toBe('ok');
    expect(await signsInWith(member.email, NEW_PASSWORD)).toBe(true);
  });

  it('lets a user change their own password and email; their other sessions end, this one stays', async () => {
    const { company, member } = await team();
    const laptop = await session(member.id);
    const phone = await session(member.id);
    const base = { target_company_id: company.id, target_id: member.id };
    expect((await phone.call(patchUser, { ...base, target_password: NEW_PASSWORD })).status).toBe('ok');
    expect((await laptop.call(listCompanyUsers, {})).code).toBe(401);
    expect((await phone.call(patchUser, { ...base, target_email: `self-${member.id}@example.com` })).status).toBe('ok');
    expect(await signsInWith(`self-${member.id}@example.com`, NEW_PASSWORD)).toBe(true);
  });

  it("lets an admin change an ordinary user's password, never the primary contact's", async () => {
    const { company, primary, member } = await team();
    const admin = await session((await staffAdmin()).id);
    const res = await admin.call(patchUser, { target_company_id: company.id, target_id: member.id, target_password: NEW_PASSWORD });
    expect(res.status).toBe('ok');
    expect(await signsInWith(member.email, NEW_PASSWORD)).toBe(true);
    expect(
      await admin.call(patchUser, { target_company_id: company.id, target_id: primary.id, target_password: NEW_PASSWORD }),
    ).toMatchObject(REFUSED_FOR_PRIMARY);
    expect(await signsInWith(primary.email, NEW_PASSWORD)).toBe(false);
  });

  it("refuses a distributor the password and email of its sub-account's users, but not their names", async () => {
    const dist = await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE' });
    const sub = await newCompany(t.db, { distributor_id: dist.company.id, current_state: 'ACTIVE' });
    const member = await newUser(t.db, sub.company.id);
    const c = await session(dist.user.id);
    const base = { target_company_id: sub.company.id, target_id: member.id };
    expect(await c.call(patchUser, { ...base, target_password: NEW_PASSWORD })).toMatchObject(REFUSED_FOR_OTHERS);
    expect((await c.call(patchUser, { ...base, target_contact_name: 'Helped' })).status).toBe('ok');
  });
});

describe('an admin signed in as a user (patch_user)', () => {
  it("cannot change the user's password or email, nor another user's", async () => {
    const { company, primary, member } = await team();
    const admin = await staffAdmin();
    const asPrimary = await session(primary.id, admin.id);
    for (const target of [primary, member]) {
      const base = { target_company_id: company.id, target_id: target.id };
      expect(await asPrimary.call(patchUser, { ...base, target_password: NEW_PASSWORD })).toMatchObject(REFUSED_AS_USER);
      expect(await asPrimary.call(patchUser, { ...base, target_email: `admin-picked-${target.id}@example.com` })).toMatchObject(
        REFUSED_AS_USER,
      );
      expect(await signsInWith(target.email, NEW_PASSWORD)).toBe(false);
      expect((await userRow(t, target.id))?.email).toBe(target.email);
    }
  });

  it('writes the changes it may make to the history under the admin, as the user', async () => {
    const { company, primary, member } = await team();
    await setUser(t, primary.id, { contact_name: 'Casey Customer' });
    const admin = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin', email: `ada-${member.id}@example.com` });
    await setUser(t, admin.user.id, { contact_name: 'Ada Admin' });
    const asPrimary = await session(primary.id, admin.user.id);
    const res = await asPrimary.call(patchUser, { target_company_id: company.id, target_id: member.id, target_is_technical: true });
    expect(res.status).toBe('ok');
    const [event] = (await companyEvents(t, company.id)).filter((e) => e.event.startsWith('Changed user'));
    expect(event?.actor).toBe(`Ada Admin <ada-${member.id}@example.com> as Casey Customer <${primary.email}>`);
  });
});

describe('the company user list says whose sign-in the caller may change (the rule above, for the form)', () => {
  it('marks each user as patch_user would rule it, for a member, the primary contact, an admin, a distributor and an admin signed in as the user', async () => {
    const dist = await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE' });
    const { company, user: primary } = await newCompany(t.db, { distributor_id: dist.company.id, current_state: 'ACTIVE' });
    const member = await newUser(t.db, company.id);
    const admin = await staffAdmin();
    const flags = async (c: TestClient) => {
      const res = await c.call(listCompanyUsers, { target_company_id: company.id });
      if (res.status !== 'ok') throw new Error(JSON.stringify(res));
      return Object.fromEntries(res.data.map((u) => [u.id, u.can_change_sign_in]));
    };
    expect(await flags(await session(member.id))).toEqual({ [primary.id]: false, [member.id]: true });
    expect(await flags(await session(primary.id))).toEqual({ [primary.id]: true, [member.id]: true });
    expect(await flags(await session(admin.id))).toEqual({ [primary.id]: false, [member.id]: true });
    expect(await flags(await session(dist.user.id))).toEqual({ [primary.id]: false, [member.id]: false });
    expect(await flags(await session(primary.id, admin.id))).toEqual({ [primary.id]: false, [member.id]: false });
  });
});
