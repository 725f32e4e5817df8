import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContext, jobContext } from '../../test/context.ts';
import { type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { lastMailTo, linkIn } from '../../test/mail.ts';
import { emailTokensOf, setUser, userRow } from '../../test/rows.ts';
import * as notificationJobs from './jobs.ts';
import * as notifications from './service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://portal.example.com/base/' });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const consume = async (token: string, purpose: notifications.EmailTokenPurpose) =>
  notifications.consumeEmailToken(await callContext(t), { token, purpose });

async function verificationToken(user: Parameters<typeof notifications.sendVerificationMail>[1]) {
  let queued = false;
  await notifications.sendVerificationMail(
    await callContext(t, {
      onMail: () => {
        queued = true;
      },
    }),
    user,
  );
  expect(queued).toBe(true);
  const link = linkIn(await lastMailTo(t.db, user.email), '/login');
  return link.searchParams.get('t') ?? '';
}

describe('links sent by mail', () => {
  it('builds verification links under PUBLIC_URL, with its base path', async () => {
    const { user } = await newCompany(t.db);
    await notifications.sendVerificationMail(await callContext(t), user);
    const link = linkIn(await lastMailTo(t.db, user.email), '/login');
    expect(`${link.origin}${link.pathname}`).toBe('https://portal.example.com/base/login');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ method: 'email_token', redirect_to: '/verify_email?success=1' });
  });

  it('verifies the address with a verification token, once', async () => {
    const { user } = await newCompany(t.db);
    const token = await verificationToken(user);
    expect(await consume(token, 'reset_password')).toBeNull();
    expect(await consume(token, 'verify_email')).toBe(user.id);
    expect((await userRow(t, user.id))?.email_verified_at).toEqual(t.clock.now());
    expect(await consume(token, 'verify_email')).toBeNull();
    expect(await consume('never-issued', 'verify_email')).toBeNull();
  });

  it('lets a verification link expire after EMAIL_VERIFICATION_TOKEN_HOURS', async () => {
    const { user } = await newCompany(t.db);
    const early = await verificationToken(user);
    const late = await verificationToken(user);
    t.clock.advance(47 * HOUR);
    expect(await consume(early, 'verify_email')).toBe(user.id);
    t.clock.advance(HOUR);
    expect(await consume(late, 'verify_email')).toBeNull();
  });

  it('refuses a link sent to an address the account no longer has, and links of deleted users', async () => {
    const { user } = await newCompany(t.db);
    const token = await verificationToken(user);
    await setUser(t, user.id, { email: `changed-${user.email}` });
    expect(await consume(token, 'verify_email')).toBeNull();
    expect((await userRow(t, user.id))?.email_verified_at).toBeNull();

    const other = await newCompany(t.db);
    const gone = await verificationToken(other.user);
    await setUser(t, other.user.id, { deleted_at: t.clock.now() });
    expect(await consume(gone, 'verify_email')).toBeNull();
  });

  it('stores only a hash of each token', async () => {
    const { user } = await newCompany(t.db);
    const token = await verificationToken(user);
    const rows = await emailTokensOf(t, user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(token);
    expect(rows[0]?.email).toBe(user.email);
  });

  it('purges expired links on schedule, keeping live ones', async () => {
    const { user } = await newCompany(t.db);
    const token = await verificationToken(user);
    await notificationJobs.purgeExpiredTokens(jobContext(t));
    expect(await emailTokensOf(t, user.id)).toHaveLength(1);

    t.clock.advance(49 * HOUR);
    await notificationJobs.purgeExpiredTokens(jobContext(t));
    expect(await emailTokensOf(t, user.id)).toHaveLength(0);
    expect(await consume(token, 'verify_email')).toBeNull();
  });
});

describe('security notices', () => {
  it('tells the user about a new sign-in: when (in their time zone), from where, with what', async () => {
    const { user } = await newCompany(t.db);
    const withZone = { ...user, browser_timezone: 'Europe/London' };
    t.clock.set(new Date('2026-07-01T12:00:00Z'));
    const browser = await callContext(t, { ip: '203.0.113.9', userAgent: 'Mozilla/5.0 <script>alert(1)</script>' });
    await notifications.sendNewSignInMail(browser, withZone);
    const mail = await lastMailTo(t.db, user.email);
    expect(mail).toMatchObject({ template: 'new_sign_in', subject: 'New sign-in to your Backup Portal account' });
    expect(mail?.text_body).toContain('Address: 203.0.113.9');
    expect(mail?.text_body).toContain('1 Jul 2026, 01:00 pm');
    expect(mail?.text_body).toContain('Browser: Mozilla/5.0 <script>alert(1)</script>');
    expect(mail?.html_body).toContain('Mozilla/5.0 &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail?.html_body).not.toContain('<script>');
    expect(linkIn(mail, '/myaccount').pathname).toBe('/base/myaccount');
  });

  it('falls back to Pacific/Auckland when the time zone is unknown or not a zone', async () => {
    const { user } = await newCompany(t.db);
    t.clock.set(new Date('2026-07-01T12:00:00Z'));
    const browser = await callContext(t, { ip: '198.51.100.1', userAgent: '' });
    await notifications.sendNewSignInMail(browser, { ...user, browser_timezone: 'Not/AZone' });
    const mail = await lastMailTo(t.db, user.email);
    expect(mail?.text_body).toContain('2 Jul 2026, 12:00 am');
    expect(mail?.text_body).toContain('Browser: unknown');
  });

  it('tells the user when two-factor sign-in changed', async () => {
    const { company, user } = await newCompany(t.db);
    await notifications.sendTwoFactorChangedMail(await callContext(t), { user, change: 'Two-factor sign-in was turned off' });
    const mail = await lastMailTo(t.db, user.email);
    expect(mail).toMatchObject({
      template: 'two_factor_changed',
      company_id: company.id,
      subject: 'Two-factor sign-in changed on your Backup Portal account',
    });
    expect(mail?.text_body).toContain('Two-factor sign-in was turned off');
    expect(linkIn(mail, '/setup_two_factor').href).toBe('https://portal.example.com/base/setup_two_factor');
  });
});
