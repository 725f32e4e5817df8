import { getAuthContext } from '@portal/contract/auth/auth-context';
import { login } from '@portal/contract/auth/login';
import { getCompanySso, setCompanySso } from '@portal/contract/auth/sso';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany, newUser } from '../../test/harness.ts';
import { OIDC_CLIENT, signInAtProvider, startOidcProvider } from '../../test/oidc-provider.ts';
import { companyEvents, setSsoSecret, ssoRowOf } from '../../test/rows.ts';
import { SSO_BROWSER_COOKIE } from './sso.ts';

const PUBLIC_URL = 'http://portal.test';
let t: TestContext;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL });
  provider = await startOidcProvider(`${PUBLIC_URL}/api/v1/user/sso/callback`);
  const staff = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin' });
  admin = await new TestClient(t.app).useSession(t.db, t.clock, staff.user.id);
});
afterAll(async () => {
  await provider.close();
  await t.close();
});

let domainCounter = 0;
async function ssoCompany() {
  const domain = `sso${domainCounter++}-${Date.now().toString(36)}.example.com`;
  const { company, user } = await newCompany(t.db, { email: `owner@${domain}` });
  const res = await admin.call(setCompanySso, {
    target_id: company.id,
    enabled: true,
    issuer: provider.issuer,
    client_id: OIDC_CLIENT.client_id,
    client_secret: OIDC_CLIENT.client_secret,
    email_domain: domain,
  });
  expect(res.status).toBe('ok');
  return { company, user, domain };
}

describe('external single sign-on', () => {
  it('sends a user of a sign-on domain to the provider and signs them in on the way back', async () => {
    const { company, user } = await ssoCompany();
    const c = new TestClient(t.app);
    const step = await c.call(login, { target_type: 'email', target_user: user.email });
    expect(step.data).toMatchObject({ type: 'external_sso_required' });
    const redirect = (step.data as { redirect_url: string }).redirect_url;
    expect(redirect.startsWith(`${provider.issuer}/`)).toBe(true);
    expect(new URL(redirect).searchParams.get('code_challenge_method')).toBe('S256');

    const back = new URL(await signInAtProvider(redirect, provider.issuer, user.email));
    expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/api/v1/user/sso/callback`);
    const res = await c.get(back.pathname + back.search);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const auth = await c.call(getAuthContext, {});
    expect(auth.data).toMatchObject({ email: user.email, company_id: company.id });

    const events = await companyEvents(t, company.id);
    expect(events.map((e) => e.event)).toContainEqual(expect.stringContaining('Signed in with single sign-on'));
  });

  it('refuses a provider identity with no user in the company, and a replayed callback', async () => {
    const { domain, user } = await ssoCompany();
    const c = new TestClient(t.app);
    const step = await c.call(login, { target_type: 'email', target_user: `stranger@${domain}` });
    const redirect = (step.data as { redirect_url: string }).redirect_url;
    const back = new URL(await signInAtProvider(redirect, provider.issuer, `stranger@${domain}`));
    const res = await c.get(back.pathname + back.search);
    expect(res.headers.location).toBe('/login?error=sso_no_account');
    expect((await c.call(getAuthContext, {})).data).toBeNull();

    const step2 = await c.call(login, { target_type: 'email', target_user: user.email });
    const back2 = new URL(await signInAtProvider((step2.data as { redirect_url: string }).redirect_url, provider.issuer, user.email));
    expect((await c.get(back2.pathname + back2.search)).headers.location).toBe('/');
    const replay = await new TestClient(t.app).get(back2.pathname + back2.search);
    expect(replay.headers.location).toBe('/login?error=sso_failed');
  });

  it("refuses a callback in a browser that did not start the sign-in (an attacker's link signs no one in)", async () => {
    const { user } = await ssoCompany();
    const attacker = new TestClient(t.app);
    const step = await attacker.post('/api/v1/user/login', { target_type: 'email', target_user: user.email });
    const cookie = (step.cookies as { name: string; path?: string; httpOnly?: boolean; sameSite?: string; maxAge?: number }[]).find(
      (c) => c.name === SSO_BROWSER_COOKIE,
    );
    const redirect = (step.json() as { data: { redirect_url: string } }).data.redirect_url;
    const back = new URL(await signInAtProvider(redirect, provider.issuer, user.email));

    const victim = new TestClient(t.app);
    const res = await victim.get(back.pathname + back.search);
    expect(res.headers.location).toBe('/login?error=sso_failed');
    expect((await victim.call(getAuthContext, {})).data).toBeNull();
    // The provider sends the browser back with a top-level cross-site redirect, which a Lax cookie survives.
    expect(cookie).toMatchObject({ path: '/api/v1/user/sso/callback', httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.maxAge).toBeLessThanOrEqual(10 * 60);
  });

  it('refuses the password step for a sign-on domain and keeps other domains on passwords', async () => {
    const { user } = await ssoCompany();
    const c = new TestClient(t.app);
    const res = await c.call(login, { target_type: 'password', target_user: user.email, target_password: 'test-password' });
    expect(res).toMatchObject({ code: 403, message: "This account signs in through your organisation's single sign-on" });
    const other = await newCompany(t.db);
    expect((await c.call(login, { target_type: 'email', target_user: other.user.email })).data).toMatchObject({
      type: 'password_required',
    });
  });

  it('signs in with a client secret stored before secrets were sealed', async () => {
    const { company, user } = await ssoCompany();
    await setSsoSecret(t, company.id, OIDC_CLIENT.client_secret);
    const c = new TestClient(t.app);
    const step = await c.call(login, { target_type: 'email', target_user: user.email });
    const back = new URL(await signInAtProvider((step.data as { redirect_url: string }).redirect_url, provider.issuer, user.email));
    expect((await c.get(back.pathname + back.search)).statusCode).toBe(302);
    expect((await c.call(getAuthContext, {})).data).toMatchObject({ email: user.email, company_id: company.id });
  });

  it('keeps the client secret write-only and one company per domain; customers cannot read it', async () => {
    const { company, domain } = await ssoCompany();
    const got = await admin.call(getCompanySso, { target_id: company.id });
    expect(got.data).toEqual({
      enabled: true,
      issuer: provider.issuer,
      client_id: OIDC_CLIENT.client_id,
      has_client_secret: true,
      email_domain: domain,
    });
    expect(JSON.stringify(got)).not.toContain(OIDC_CLIENT.client_secret);
    // Kept sealed (decision 0067): the row holds no secret.
    const stored = (await ssoRowOf(t, company.id))?.client_secret ?? '';
    expect(stored).toMatch(/^sealed:v1:/);
    expect(stored).not.toContain(OIDC_CLIENT.client_secret);
    const other = await newCompany(t.db);
    const clash = await admin.call(setCompanySso, {
      target_id: other.company.id,
      enabled: true,
      issuer: provider.issuer,
      client_id: 'x',
      client_secret: 'y',
      email_domain: domain,
    });
    expect(clash).toMatchObject({ code: 400, data: { fields: { email_domain: 'Another company already signs in with this domain' } } });
    const member = await newUser(t.db, company.id);
    const customer = await new TestClient(t.app).useSession(t.db, t.clock, member.id);
    expect((await customer.call(getCompanySso, { target_id: company.id })).code).toBe(403);
  });
});
