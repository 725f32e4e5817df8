import type { CallInput, CallOutput } from '@portal/contract/shared/define-call';
import { getAccountSettings, setAccountSettings, setupAccount } from '@portal/contract/account/account-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPromoCode } from '../../test/factories.ts';
import { TestClient, type TestContext, createTestContext, newCompany, newUser } from '../../test/harness.ts';
import { lastMailTo, linkIn } from '../../test/mail.ts';
import { companyEvents, companyRow, setUser, userRow } from '../../test/rows.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const session = (userId: number, impersonator: number | null = null) =>
  new TestClient(t.app).useSession(t.db, t.clock, userId, impersonator);
const eventsOf = async (companyId: number) => (await companyEvents(t, companyId)).map((e) => e.event);

async function adminSignedInAs(userId: number) {
  const staff = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin' });
  return session(userId, staff.user.id);
}

/** The spec's message for each company detail left empty (§5), on both the account and signup forms. */
const DETAIL_MESSAGES = {
  company_name: 'Please enter your company name',
  company_phone_number: 'Please enter your phone number',
  company_address_street: 'Please enter your street address',
  company_address_city: 'Please enter your city',
  company_address_postcode: 'Please enter your zip or postal code',
  company_address_country: 'Please choose a country',
};

describe('account settings', () => {
  it("shows the user's contact details, preferences and their company's details", async () => {
    const { company, user } = await newCompany(t.db, {
      company_name: 'Settings Ltd',
      phone_number: '+64 9 555 0100',
      street_address: '1 Queen St',
      city: 'Auckland',
      postal_code: '1010',
      country: 'NZ',
    });
    await setUser(t, user.id, { is_billing: true, contact_name: 'Pat Owner' });
    const res = await (await session(user.id)).call(getAccountSettings, {});
    expect(res.data).toEqual({
      user_contact_name: 'Pat Owner',
      user_email: user.email,
      user_email_verified: false,
      user_is_2fa_required: false,
      user_two_factor: 'none',
      user_notifications_is_technical: false,
      user_notifications_is_billing: true,
      user_notifications_email_weekly_usage: false,
      can_set_company_2fa_required: true,
      company_name: company.company_name,
      company_phone_number: '+64 9 555 0100',
      company_address_street: '1 Queen St',
      company_address_city: 'Auckland',
      company_address_postcode: '1010',
      company_address_country: 'NZ',
    });
  });

  it('saves contact name, alert preferences and trimmed company details, with events', async () => {
    const { company, user } = await newCompany(t.db);
    const res = await (await session(user.id)).call(setAccountSettings, {
      user_contact_name: '  Pat Changed ',
      user_notifications_is_technical: true,
      user_notifications_email_weekly_usage: true,
      company_name: '  Renamed Ltd  ',
      company_phone_number: ' 021 555 0199 ',
      company_address_country: 'au',
    });
    expect(res.status).toBe('ok');
    expect(res.data).toMatchObject({
      user_contact_name: 'Pat Changed',
      user_notifications_is_technical: true,
      user_notifications_is_billing: false,
      user_notifications_email_weekly_usage: true,
      company_name: 'Renamed Ltd',
      company_phone_number: '021 555 0199',
      company_address_country: 'AU',
    });
    const events = await eventsOf(company.id);
    expect(events.some((e) => e.includes('contact name, is technical, notify weekly usage'))).toBe(true);
    expect(events).toContain('Changed company details: company name, phone number, country');
  });

  it('checks company details with the spec messages', async () => {
    const { user } = await newCompany(t.db);
    const res = await (await session(user.id)).call(setAccountSettings, {
      company_name: '   ',
      company_phone_number: '',
      company_address_street: '',
      company_address_city: ' ',
      company_address_postcode: '',
      company_address_country: 'NZL',
    });
    expect(res).toMatchObject({
      code: 400,
      data: {
        fields: DETAIL_MESSAGES,
      },
    });
  });

  it('leaves company details to the primary contact, but takes the unchanged form back from anyone', async () => {
    const { company } = await newCompany(t.db, { company_name: 'Primary Only Ltd' });
    const member = await newUser(t.db, company.id);
    const c = await session(member.id);
    const shown = (await c.call(getAccountSettings, {})).data as CallOutput<typeof getAccountSettings>;
    expect(shown.can_set_company_2fa_required).toBe(false);

    const same = await c.call(setAccountSettings, {
      user_contact_name: 'Member Renamed',
      user_email: shown.user_email,
      company_name: shown.company_name,
      company_address_country: shown.company_address_country,
      company_2fa_required: shown.user_is_2fa_required,
    });
    expect(same.status).toBe('ok');
    expect((await userRow(t, member.id))?.contact_name).toBe('Member Renamed');

    const changed = await c.call(setAccountSettings, { company_name: 'Taken Over Ltd' });
    expect(changed).toMatchObject({ code: 403, message: 'Only the primary contact can change the company details' });
    const rule = await c.call(setAccountSettings, { company_2fa_required: true });
    expect(rule).toMatchObject({ code: 403, message: 'Only the primary contact can change the company details' });
    expect((await companyRow(t, company.id))?.company_name).toBe('Primary Only Ltd');
  });

  it('lets the primary contact require two-factor for every user of the company', async () => {
    const { company, user } = await newCompany(t.db);
    const member = await newUser(t.db, company.id);
    const res = await (await session(user.id)).call(setAccountSettings, { company_2fa_required: true });
    expect(res.data).toMatchObject({ user_is_2fa_required: true, can_set_company_2fa_required: true });
    expect((await companyRow(t, company.id))?.require_two_factor).toBe(true);
    expect(await eventsOf(company.id)).toContain('Required two-factor sign-in for every user');
    const seen = await (await session(member.id)).call(getAccountSettings, {});
    expect(seen.data).toMatchObject({ user_is_2fa_required: true });
  });

  it('lets an admin signed in as the user fix details, but not the two-factor rule or the email', async () => {
    const { company, user } = await newCompany(t.db);
    const admin = await adminSignedInAs(user.id);
    expect((await admin.call(getAccountSettings, {})).data).toMatchObject({ can_set_company_2fa_required: false });
    expect((await admin.call(setAccountSettings, { company_address_city: 'Wellington' })).status).toBe('ok');
    const refused = { code: 403, message: 'An admin signed in as this user cannot change how the user signs in' };
    expect(await admin.call(setAccountSettings, { company_2fa_required: true })).toMatchObject(refused);
    expect(await admin.call(setAccountSettings, { user_email: 'admin-picked@example.com' })).toMatchObject(refused);
    expect(await companyRow(t, company.id)).toMatchObject({ city: 'Wellington', require_two_factor: false });
    expect((await userRow(t, user.id))?.email).toBe(user.email);
  });
});

describe('changing the email address', () => {
  it('needs a sign-in check within the last 10 minutes', async () => {
    const { user } = await newCompany(t.db);
    const c = await session(user.id);
    t.clock.advance(11 * MINUTE);
    const res = await c.call(setAccountSettings, { user_email: 'later@example.com' });
    expect(res).toMatchObject({ code: 403, message: 'Please confirm it is you to continue', data: { reauth_required: true } });
    expect((await userRow(t, user.id))?.email).toBe(user.email);
  });

  it('changes it, asks for verification again and mails the new address', async () => {
    const { company, user } = await newCompany(t.db);
    await setUser(t, user.id, { email_verified_at: t.clock.now() });
    const newEmail = `moved-${user.id}@example.com`;
    const res = await (await session(user.id)).call(setAccountSettings, { user_email: newEmail });
    expect(res.data).toMatchObject({ user_email: newEmail, user_email_verified: false });
    expect((await companyRow(t, company.id))?.primary_email).toBe(newEmail);
    const mail = await lastMailTo(t.db, newEmail);
    expect(mail?.template).toBe('verify_email');
    expect(linkIn(mail, '/login').searchParams.get('method')).toBe('email_token');
    expect(await lastMailTo(t.db, user.email)).toBeNull();
    expect(await eventsOf(company.id)).toContain(
      `Changed email of ${user.contact_name} <${user.email}> to ${newEmail}; verification mail sent`,
    );
  });

  it('refuses an address another active user has, whatever its case, without saying where it is used', async () => {
    const a = await newCompany(t.db);
    const b = await newCompany(t.db);
    const res = await (await session(a.user.id)).call(setAccountSettings, { user_email: b.user.email.toUpperCase() });
    expect(res).toMatchObject({ code: 400, data: { fields: { user_email: 'This email address cannot be used. Please choose another' } } });
    const bad = await (await session(a.user.id)).call(setAccountSettings, { user_email: 'not-an-email' });
    expect(bad).toMatchObject({ code: 400, data: { fields: { user_email: 'Please enter a valid email address' } } });
  });

  it('treats the same address in another case as no change', async () => {
    const { user } = await newCompany(t.db);
    await setUser(t, user.id, { email_verified_at: t.clock.now() });
    t.clock.advance(11 * MINUTE);
    const res = await (await session(user.id)).call(setAccountSettings, { user_email: user.email.toUpperCase() });
    expect(res.data).toMatchObject({ user_email: user.email, user_email_verified: true });
  });
});

/** Every detail complete signup needs besides the name. */
const ADDRESS = {
  company_phone_number: '09 555 0100',
  company_address_street: '1 Queen Street',
  company_address_city: 'Auckland',
  company_address_postcode: '1010',
  company_address_country: 'NZ',
};

describe('complete signup', () => {
  it('stores the trimmed details and the promo code, marks signup complete, writes an event', async () => {
    const { company, user } = await newCompany(t.db);
    await newPromoCode(t.db, t.clock.now(), { promo_key: 'WELCOME10' });
    const res = await (await session(user.id)).call(setupAccount, {
      company_name: '  Fresh Start Ltd ',
      company_phone_number: ' 09 555 0123 ',
      company_address_street: '2 Victoria St',
      company_address_city: 'Hamilton',
      company_address_postcode: '3204',
      company_address_country: 'nz',
      user_promo_code: ' WELCOME10 ',
    });
    expect(res).toEqual({ status: 'ok', code: 200, data: null });
    expect(await companyRow(t, company.id)).toMatchObject({
      company_name: 'Fresh Start Ltd',
      phone_number: '09 555 0123',
      street_address: '2 Victoria St',
      city: 'Hamilton',
      postal_code: '3204',
      country: 'NZ',
      signup_promo_code: 'WELCOME10',
      signup_completed_at: t.clock.now(),
    });
    expect(await eventsOf(company.id)).toContain('Completed signup with promo code WELCOME10');
  });

  it('keeps the first promo code and refuses a different one later', async () => {
    const { company, user } = await newCompany(t.db);
    const c = await session(user.id);
    const base = { ...ADDRESS, company_name: 'Promo Ltd' };
    await newPromoCode(t.db, t.clock.now(), { promo_key: 'FIRST' });
    expect((await c.call(setupAccount, { ...base, user_promo_code: 'FIRST' })).status).toBe('ok');
    expect((await c.call(setupAccount, { ...base, company_name: 'Promo Two Ltd' })).status).toBe('ok');
    expect(await c.call(setupAccount, { ...base, user_promo_code: 'SECOND' })).toMatchObject({
      code: 400,
      data: { fields: { user_promo_code: 'A promo code was already applied when this account was set up' } },
    });
    expect(await companyRow(t, company.id)).toMatchObject({ company_name: 'Promo Two Ltd', signup_promo_code: 'FIRST' });
  });

  it('checks the required fields and leaves it to the primary contact', async () => {
    const { company, user } = await newCompany(t.db);
    expect(
      await (await session(user.id)).call(setupAccount, { company_name: ' ', company_address_country: '' } as CallInput<
        typeof setupAccount
      >),
    ).toMatchObject({
      code: 400,
      data: {
        fields: DETAIL_MESSAGES,
      },
    });
    const member = await newUser(t.db, company.id);
    expect(await (await session(member.id)).call(setupAccount, { ...ADDRESS, company_name: 'Member Ltd' })).toMatchObject({ code: 403 });
    const staff = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin' });
    expect((await (await session(staff.user.id)).call(setupAccount, { ...ADDRESS, company_name: 'Staff' })).code).toBe(403);
  });
});
