import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedMail } from '../../platform/mail.ts';
import { type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { lastMailTo, linkIn } from '../../test/mail.ts';
import { users } from '../users/tables.ts';
import * as account from './service.ts';
import { emailTokens, usedBotChallenges } from './tables.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://portal.example.com/base/' });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const ctx = () => ({ db: t.db, clock: t.clock, config: t.app.deps.config, req: {} as FastifyRequest });
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

async function verificationToken(user: Parameters<typeof account.sendVerificationMail>[1]) {
  const c = ctx();
  await account.sendVerificationMail(c, user);
  expect(queuedMail(c.req)).toBe(true);
  const link = linkIn(await lastMailTo(t.db, user.email), '/login');
  return link.searchParams.get('t') ?? '';
}

describe('links sent by mail', () => {
  it('builds verification links under PUBLIC_URL, with its base path', async () => {
    const { user } = await newCompany(t.db);
    await account.sendVerificationMail(ctx(), user);
    const link = linkIn(await lastMailTo(t.db, user.email), '/login');
    expect(`${link.origin}${link.pathname}`).toBe('https://portal.example.com/base/login');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ method: 'email_token', redirect_to: '/verify_email?success=1' });
  });

  it('verifies the address with a verification token, once', async () => {
    const { user } = await newCompany(t.db);
    const token = await verificationToken(user);
    expect(await account.consumeEmailToken(t.db, t.clock, token, 'reset_password')).toBeNull();
    expect(await account.consumeEmailToken(t.db, t.clock, token, 'verify_email')).toBe(user.id);
    expect((await userRow(user.id))?.email_verified_at).toEqual(t.clock.now());
    expect(await account.consumeEmailToken(t.db, t.clock, token, 'verify_email')).toBeNull();
    expect(await account.consumeEmailToken(t.db, t.clock, 'never-issued', 'verify_email')).toBeNull();
  });

  it('lets a verification link expire after EMAIL_VERIFICATION_TOKEN_HOURS', async () => {
    const { user } = await newCompany(t.db);
    const early = await verificationToken(user);
    const late = await verificationToken(user);
    t.clock.advance(47 * HOUR);
    expect(await account.consumeEmailToken(t.db, t.clock, early, 'verify_email')).toBe(user.id);
    t.clock.advance(HOUR);
    expect(await account.consumeEmailToken(t.db, t.clock, late, 'verify_email')).toBeNull();
  });

  it('refuses a link sent to an address the account no longer has, and links of deleted users', async () => {
    const { user } = await newCompany(t.db);
    const token = await verificationToken(user);
    await t.db
      .update(users)
      .set({ email: `changed-${user.email}` })
      .where(eq(users.id, user.id));
    expect(await account.consumeEmailToken(t.db, t.clock, token, 'verify_email')).toBeNull();
    expect((await userRow(user.id))?.email_verified_at).toBeNull();

    const other = await newCompany(t.db);
    const gone = await verificationToken(other.user);
    await t.db.update(users).set({ deleted_at: t.clock.now() }).where(eq(users.id, other.user.id));
    expect(await account.consumeEmailToken(t.db, t.clock, gone, 'verify_email')).toBeNull();
  });

  it('stores only a hash of each token', async () => {
    const { user } = await newCompany(t.db);
    const token = await verificationToken(user);
    const rows = await t.db.select().from(emailTokens).where(eq(emailTokens.user_id, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(token);
    expect(rows[0]?.email).toBe(user.email);
  });

  it('purges expired links and bot solutions on schedule, keeping live ones', async () => {
    const { user } = await newCompany(t.db);
    const token = await verificationToken(user);
    const now = t.clock.now();
    await t.db.insert(usedBotChallenges).values([
      { signature: `old-${user.id}`, expires_at: new Date(now.getTime() - 1000) },
      { signature: `live-${user.id}`, expires_at: new Date(now.getTime() + 60_000) },
    ]);
    await account.purgeExpired(t.db, t.clock);
    const challenges = (await t.db.select().from(usedBotChallenges)).map((r) => r.signature);
    expect(challenges).toContain(`live-${user.id}`);
    expect(challenges).not.toContain(`old-${user.id}`);
    expect(await t.db.select().from(emailTokens).where(eq(emailTokens.user_id, user.id))).toHaveLength(1);

    t.clock.advance(49 * HOUR);
    await account.purgeExpired(t.db, t.clock);
    expect(await t.db.select().from(emailTokens).where(eq(emailTokens.user_id, user.id))).toHaveLength(0);
    expect(await account.consumeEmailToken(t.db, t.clock, token, 'verify_email')).toBeNull();
  });
});

describe('security notices', () => {
  it('tells the user about a new sign-in: when (in their time zone), from where, with what', async () => {
    const { user } = await newCompany(t.db);
    const withZone = { ...user, browser_timezone: 'Europe/London' };
    t.clock.set(new Date('2026-07-01T12:00:00Z'));
    await account.sendNewSignInMail(ctx(), withZone, { ip: '203.0.113.9', userAgent: 'Mozilla/5.0 <script>alert(1)</script>' });
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
    await account.sendNewSignInMail(ctx(), { ...user, browser_timezone: 'Not/AZone' }, { ip: '198.51.100.1', userAgent: '' });
    const mail = await lastMailTo(t.db, user.email);
    expect(mail?.text_body).toContain('2 Jul 2026, 12:00 am');
    expect(mail?.text_body).toContain('Browser: unknown');
  });

  it('tells the user when two-factor sign-in changed', async () => {
    const { company, user } = await newCompany(t.db);
    await account.sendTwoFactorChangedMail(ctx(), user, 'Two-factor sign-in was turned off');
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
