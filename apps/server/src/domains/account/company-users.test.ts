import { createUser, deleteUser, listCompanyUsers, patchUser } from '@portal/contract/users/company-users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany, newUser } from '../../test/harness.ts';
import { lastMailTo, linkIn } from '../../test/mail.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const signIn = async (email: string) => {
  const c = new TestClient(t.app);
  await c.login(email);
  return c;
};

describe('users within a company', () => {
  it('lets a customer add, change and remove its users; the new user can sign in', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const owner = await signIn(user.email);
    const created = await owner.call(createUser, {
      target_company_id: company.id,
      target_email: 'new.member@example.com',
      target_password: 'a-long-password',
      target_is_technical: true,
    });
    const id = (created.data as { id: number }).id;
    expect(
      (
        await owner.call(patchUser, {
          target_company_id: company.id,
          target_id: id,
          target_contact_name: 'New Member',
          target_is_billing: true,
        })
      ).status,
    ).toBe('ok');
    const list = (await owner.call(listCompanyUsers, {})).data as {
      id: number;
      contact_name: string;
      is_billing: boolean;
      is_technical: boolean;
    }[];
    expect(list.find((u) => u.id === id)).toMatchObject({ contact_name: 'New Member', is_billing: true, is_technical: true });
    expect((await new TestClient(t.app).login('new.member@example.com', 'a-long-password')).status).toBe('ok');
    expect((await owner.call(deleteUser, { target_company_id: company.id, target_id: id })).status).toBe('ok');
    expect(((await owner.call(listCompanyUsers, {})).data as unknown[]).length).toBe(1);
    expect((await new TestClient(t.app).login('new.member@example.com', 'a-long-password')).code).toBe(401);
  });

  it('never deletes the primary contact or the current user', async () => {
    const { company, user } = await newCompany(t.db);
    const second = await newUser(t.db, company.id);
    const c = await signIn(second.email);
    expect(await c.call(deleteUser, { target_company_id: company.id, target_id: user.id })).toMatchObject({
      code: 400,
      message: 'The primary contact cannot be deleted',
    });
    expect(await c.call(deleteUser, { target_company_id: company.id, target_id: second.id })).toMatchObject({
      code: 400,
      message: 'You cannot delete yourself',
    });
  });

  it("cannot reach another company's users, even by naming them", async () => {
    const a = await newCompany(t.db);
    const b = await newCompany(t.db);
    const c = await signIn(a.user.email);
    expect((await c.call(listCompanyUsers, { target_company_id: b.company.id })).code).toBe(404);
    expect((await c.call(patchUser, { target_company_id: a.company.id, target_id: b.user.id, target_contact_name: 'x' })).code).toBe(404);
    expect((await c.call(deleteUser, { target_company_id: b.company.id, target_id: b.user.id })).code).toBe(404);
  });

  it('mails the new user a verification link when asked, and only then', async () => {
    const a = await newCompany(t.db);
    const c = await signIn(a.user.email);
    const res = await c.call(createUser, {
      target_company_id: a.company.id,
      target_email: 'mail-me@example.com',
      target_password: 'a-long-password',
      send_verification_email: true,
    });
    expect(res.status).toBe('ok');
    const mail = await lastMailTo(t.db, 'mail-me@example.com');
    expect(mail).toMatchObject({ template: 'verify_email', company_id: a.company.id });
    expect(linkIn(mail).searchParams.get('method')).toBe('email_token');

    await c.call(createUser, { target_company_id: a.company.id, target_email: 'no-mail@example.com', target_password: 'a-long-password' });
    expect(await lastMailTo(t.db, 'no-mail@example.com')).toBeNull();
  });

  it('refuses a taken email with one answer that does not say whether the address is in this company or another', async () => {
    const a = await newCompany(t.db);
    const b = await newCompany(t.db);
    const colleague = await newUser(t.db, a.company.id);
    const c = await signIn(a.user.email);
    const attempt = (email: string) =>
      c.call(createUser, { target_company_id: a.company.id, target_email: email, target_password: 'a-long-password' });
    const elsewhere = await attempt(b.user.email.toUpperCase());
    const here = await attempt(colleague.email);
    expect(elsewhere).toEqual({
      status: 'error',
      code: 400,
      message: 'Please check the highlighted fields',
      data: { fields: { target_email: 'This email address cannot be used. Please choose another' } },
    });
    expect(here).toEqual(elsewhere);
  });

  it('lets a distributor manage the users of its sub-accounts', async () => {
    const d = await newCompany(t.db, { company_type: 'distributor' });
    const sub = await newCompany(t.db, { distributor_id: d.company.id });
    const c = await signIn(d.user.email);
    expect(
      (
        await c.call(createUser, {
          target_company_id: sub.company.id,
          target_email: 'helper@sub.example.com',
          target_password: 'a-long-password',
        })
      ).status,
    ).toBe('ok');
  });
});
