import { CAREER_TEST_MESSAGES, sendCareerTests } from '@portal/contract/admin-tools/career-tests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany, ok, signedInCompany } from '../../test/harness.ts';
import { linkIn, mailsTo, outboxSize } from '../../test/mail.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    CAREER_TEST_BASE_URL: 'https://jobs.example.org/skills/',
    CAREER_TEST_URL_PHP_DEVELOPER: 'https://tests.example.net/php?campaign=2026',
  });
});
afterAll(() => t.close());

async function signedIn(staff_role: 'admin' | 'support' | 'sales' | 'sales_admin' = 'admin') {
  const { user } = await newCompany(t.db, { company_type: 'admin', staff_role });
  const c = new TestClient(t.app);
  await c.login(user.email);
  return c;
}

let n = 0;
const applicant = () => `applicant-${++n}-${Date.now()}@candidates.example.com`;

describe('career tests', () => {
  it('mails each address, one a line, the invitation with the test link of the role', async () => {
    const c = await signedIn();
    const [a, b] = [applicant(), applicant()];
    const res = ok(
      await c.call(sendCareerTests, { emails: `  ${a}\n\n${b}\r\n${a.toUpperCase()}\n`, test_selection: 'frontend_developer' }),
    );
    expect(res.data).toEqual({ sent: 2 });
    for (const address of [a, b]) {
      const mails = await mailsTo(t.db, address);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ template: 'career_test', company_id: null, subject: 'Your frontend developer skills test' });
      expect(linkIn(mails[0] ?? null, 'jobs.example.org').toString()).toBe('https://jobs.example.org/skills/frontend-developer');
    }
  });

  it("uses a role's own address when one is configured", async () => {
    const c = await signedIn();
    const a = applicant();
    ok(await c.call(sendCareerTests, { emails: a, test_selection: 'php_developer' }));
    const [mail] = await mailsTo(t.db, a);
    expect(linkIn(mail ?? null, 'tests.example.net').toString()).toBe('https://tests.example.net/php?campaign=2026');
  });

  it.each([
    ['no addresses', { emails: ' \n \n', test_selection: 'general_developer' }, 'emails', CAREER_TEST_MESSAGES.noEmails],
    ['a missing list', { test_selection: 'general_developer' }, 'emails', CAREER_TEST_MESSAGES.noEmails],
    [
      'a bad line',
      { emails: 'good@example.com\nnot an email', test_selection: 'general_developer' },
      'emails',
      CAREER_TEST_MESSAGES.badEmails,
    ],
    [
      'two on a line',
      { emails: 'a@example.com, b@example.com', test_selection: 'general_developer' },
      'emails',
      CAREER_TEST_MESSAGES.badEmails,
    ],
    ['no role', { emails: 'a@example.com' }, 'test_selection', CAREER_TEST_MESSAGES.noRole],
    ['an unknown role', { emails: 'a@example.com', test_selection: 'ceo' }, 'test_selection', CAREER_TEST_MESSAGES.noRole],
  ])('refuses %s with the message and mails nobody', async (_name, input, field, message) => {
    const c = await signedIn();
    const before = await outboxSize(t.db);
    const res = await c.call(sendCareerTests, input as never);
    expect(res).toMatchObject({ status: 'error', code: 400, data: { fields: { [field]: message } } });
    expect(await outboxSize(t.db)).toBe(before);
  });

  it('refuses more than 100 addresses at once', async () => {
    const c = await signedIn();
    const emails = Array.from({ length: 101 }, (_, i) => `bulk-${i}@example.com`).join('\n');
    const res = await c.call(sendCareerTests, { emails, test_selection: 'junior_developer' });
    expect(res).toMatchObject({ code: 400, data: { fields: { emails: CAREER_TEST_MESSAGES.badEmails } } });
  });

  it('is refused to everyone but admins, mailing nobody', async () => {
    const a = applicant();
    const input = { emails: a, test_selection: 'general_developer' } as const;
    for (const role of ['support', 'sales', 'sales_admin'] as const) {
      expect((await (await signedIn(role)).call(sendCareerTests, input)).code).toBe(403);
    }
    const { client } = await signedInCompany(t);
    expect((await client.call(sendCareerTests, input)).code).toBe(403);
    const { client: distributor } = await signedInCompany(t, { company_type: 'distributor' });
    expect((await distributor.call(sendCareerTests, input)).code).toBe(403);
    expect((await new TestClient(t.app).call(sendCareerTests, input)).code).toBe(401);
    expect(await mailsTo(t.db, a)).toEqual([]);
  });
});
