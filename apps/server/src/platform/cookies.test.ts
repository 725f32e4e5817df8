import { getAuthContext } from '@portal/contract/auth/auth-context';
import { login, logout } from '@portal/contract/auth/login';
import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieName } from './session.ts';
import { PRODUCTION_ENV, TEST_PASSWORD, TestClient, type TestContext, appWith, createTestContext, newCompany } from '../test/harness.ts';

let t: TestContext;
/** Configured for https, as in production. */
let secure: FastifyInstance;
beforeAll(async () => {
  t = await createTestContext();
  secure = await appWith(t, PRODUCTION_ENV);
});
afterAll(async () => {
  await secure.close();
  await t.close();
});

interface SetCookie {
  name: string;
  value: string;
  path?: string;
  domain?: string;
  secure?: boolean;
  httpOnly?: boolean;
  expires?: Date;
  maxAge?: number;
}
const setCookies = (res: LightMyRequestResponse) => res.cookies as SetCookie[];

async function signIn(app: FastifyInstance, email: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: login.path,
    headers,
    payload: { target_type: 'password', target_user: email, target_password: TEST_PASSWORD },
  });
}

describe('session cookies over https', () => {
  it('carry the __Host- prefix, Secure, for path / and no domain, and sign the browser in', async () => {
    const { user } = await newCompany(t.db);
    const res = await signIn(secure, user.email);
    expect(res.statusCode, res.body).toBe(200);
    const cookies = setCookies(res);
    const session = cookies.find((c) => c.name === '__Host-portal_session');
    const csrf = cookies.find((c) => c.name === '__Host-portal_csrf');
    expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    expect(csrf).toMatchObject({ secure: true, path: '/' });
    expect(csrf?.httpOnly).toBeFalsy();
    expect(session?.domain ?? csrf?.domain).toBeUndefined();
    expect(cookies.map((c) => c.name)).not.toContain('portal_session');

    const me = await secure.inject({
      method: 'POST',
      url: getAuthContext.path,
      cookies: { '__Host-portal_session': session?.value ?? '', '__Host-portal_csrf': csrf?.value ?? '' },
      headers: { 'x-csrf-token': csrf?.value ?? '' },
      payload: {},
    });
    expect(me.json().data).toMatchObject({ email: user.email });
  });

  it('are the only ones read: a session under the plain name (planted by a sibling site) is no session', async () => {
    const { user } = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin' });
    const plain = await new TestClient(secure).useSession(t.db, t.clock, user.id);
    const res = await plain.post(adminCompanyList.path, {});
    expect(res.json()).toMatchObject({ status: 'error', code: 401 });
  });

  it('are cleared at sign-out with the attributes the browser needs to drop them', async () => {
    const { user } = await newCompany(t.db);
    const cookies = setCookies(await signIn(secure, user.email));
    const jar = Object.fromEntries(cookies.map((c) => [c.name, c.value]));
    const res = await secure.inject({
      method: 'POST',
      url: logout.path,
      cookies: jar,
      headers: { 'x-csrf-token': jar['__Host-portal_csrf'] ?? '' },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const cleared = setCookies(res).filter((c) => c.name.startsWith('__Host-'));
    expect(cleared.map((c) => c.name).sort()).toEqual(['__Host-portal_csrf', '__Host-portal_session']);
    for (const c of cleared) expect(c).toMatchObject({ value: '', secure: true, path: '/' });
  });
});

describe('session cookies over plain-http development', () => {
  it('keep their plain names', async () => {
    const { user } = await newCompany(t.db);
    const names = setCookies(await signIn(t.app, user.email)).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['portal_session', 'portal_csrf']));
    expect(names.some((n) => n.startsWith('__Host-'))).toBe(false);
  });
});

describe('cookie names where cookies are Secure', () => {
  it('take __Host- for path /, __Secure- for a narrower path (a sign-in step), and stay plain over plain http', () => {
    expect(cookieName('portal_session', true)).toBe('__Host-portal_session');
    expect(cookieName('portal_login', true, '/api/v1/user/login')).toBe('__Secure-portal_login');
    expect(cookieName('portal_login', false, '/api/v1/user/login')).toBe('portal_login');
    expect(cookieName('portal_session', false)).toBe('portal_session');
  });
});

describe('Origin: null (sandboxed frames, data: pages)', () => {
  it('is refused at sign-in, which then sets no cookie', async () => {
    const { user } = await newCompany(t.db);
    const res = await signIn(t.app, user.email, { origin: 'null' });
    expect(res.json()).toMatchObject({ status: 'error', code: 403 });
    expect(setCookies(res)).toEqual([]);
  });

  it('is refused on a cookie-authenticated call that carries its CSRF token', async () => {
    const { user } = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin' });
    const c = await new TestClient(t.app).useSession(t.db, t.clock, user.id);
    expect((await c.post(adminCompanyList.path, {})).statusCode).toBe(200);
    const res = await c.post(adminCompanyList.path, {}, { headers: { origin: 'null' } });
    expect(res.json()).toMatchObject({ status: 'error', code: 403 });
  });

  it('does not stop a same-origin call', async () => {
    const { user } = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin' });
    const c = await new TestClient(t.app).useSession(t.db, t.clock, user.id);
    const res = await c.post(adminCompanyList.path, {}, { headers: { origin: 'http://portal.test:3000', host: 'portal.test:3000' } });
    expect(res.statusCode, res.body).toBe(200);
  });
});
