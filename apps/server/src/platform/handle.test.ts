import { ALL_CALLS } from '@portal/contract/all-calls';
import { ALL_ENTRIES } from '@portal/contract/all-entries';
import { defineCall } from '@portal/contract/shared/define-call';
import { NULL_MARKER, zCompanyId } from '@portal/contract/shared/fields';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_HANDLERS } from '../handlers.ts';
import { PRODUCTION_ENV, TestClient, type TestContext, appWith, createTestContext, newCompany } from '../test/harness.ts';
import { handle } from './handle.ts';

const echo = defineCall({
  path: '/api/v1/test/echo',
  summary: 'test',
  input: z.object({
    count: z.number().int(),
    flag: z.boolean().default(false),
    tags: z.array(z.string()).default([]),
    meta: z.record(z.string(), z.unknown()).default({}),
    note: z.string().nullable().default('kept'),
    company: zCompanyId.optional(),
  }),
  output: z.unknown(),
  access: { public: true },
});
/** Every kind of field the contracts use, read from a form as from JSON. */
const wire = defineCall({
  path: '/api/v1/test/wire',
  summary: 'test',
  input: z.object({
    id: z.union([z.literal(-1), z.number().int().min(1)]).default(-1),
    only_new: z.literal(-1).optional(),
    word: z.enum(['on', 'off']),
    choice: z.union([z.literal('all'), z.number().int()]),
    level: z.literal([1, 2, 3]),
    yes: z.literal(true).optional(),
    amount: z.number().int().min(0).nullable().default(null),
    flag: z.boolean().optional(),
    ids: z.array(z.number().int()).default([]),
    rows: z.array(z.object({ item: z.string(), cost: z.number() })).default([]),
    meta: z.record(z.string(), z.unknown()).optional(),
    note: z.string().nullable().default('kept'),
    refresh: z.boolean().default(false),
  }),
  output: z.unknown(),
  access: { public: true },
});
const boom = defineCall({ path: '/api/v1/test/boom', summary: 'test', input: z.object({}), output: z.null(), access: { public: true } });
const badOutput = defineCall({
  path: '/api/v1/test/bad_output',
  summary: 'test',
  input: z.object({}),
  output: z.object({ n: z.number() }),
  access: { public: true },
});

let t: TestContext;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestContext();
  app = await appWith(
    t,
    {},
    {
      handlers: [
        ...ALL_HANDLERS,
        handle(echo, async (input) => input),
        handle(wire, async (input) => input),
        handle(boom, async () => {
          throw new Error('secret internals at /srv/app.ts:42');
        }),
        handle(badOutput, async () => ({ n: 'not a number' }) as never),
      ],
    },
  );
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('handle(): bodies, validation and the envelope', () => {
  it('reads form bodies into the types the contract expects and ignores unknown fields', async () => {
    const res = await new TestClient(app).post(
      echo.path,
      { count: '7', flag: '1', tags: '["a","b"]', meta: '{"x":1}', note: NULL_MARKER, extra: 'ignored' },
      { form: true },
    );
    expect(res.json()).toEqual({ status: 'ok', code: 200, data: { count: 7, flag: true, tags: ['a', 'b'], meta: { x: 1 }, note: null } });
  });

  it('reads every kind of field from a form as from JSON: literals, unions, enums, wrappers, arrays, objects, NUL', async () => {
    const json = {
      id: -1,
      only_new: -1,
      word: 'off',
      choice: 12,
      level: 2,
      yes: true,
      amount: 0,
      flag: false,
      ids: [3, 4],
      rows: [{ item: 'Setup', cost: 150 }],
      meta: { a: [1] },
      note: null,
      refresh: true,
    };
    const form = {
      id: '-1',
      only_new: '-1',
      word: 'off',
      choice: '12',
      level: '2',
      yes: 'true',
      amount: '0',
      flag: 'false',
      ids: '[3,4]',
      rows: '[{"item":"Setup","cost":150}]',
      meta: '{"a":[1]}',
      note: NULL_MARKER,
      refresh: '1',
    };
    const fromJson = await new TestClient(app).post(wire.path, json);
    expect(fromJson.json()).toEqual({ status: 'ok', code: 200, data: json });
    expect((await new TestClient(app).post(wire.path, form, { form: true })).json()).toEqual(fromJson.json());
    const other = { id: '7', word: 'on', choice: 'all', level: '3', amount: NULL_MARKER, ids: '5' };
    expect((await new TestClient(app).post(wire.path, other, { form: true })).json().data).toMatchObject({
      id: 7,
      choice: 'all',
      level: 3,
      amount: null,
      ids: [5],
    });
  });

  it("reads a call's fields from the query string too; the body wins where both name one", async () => {
    const client = new TestClient(app);
    const fromQuery = await client.post(`${wire.path}?word=on&choice=all&level=1&refresh=1&ids=[1,2]&unknown=x`, undefined);
    expect(fromQuery.json().data).toMatchObject({ word: 'on', choice: 'all', level: 1, refresh: true, ids: [1, 2] });
    expect(fromQuery.json().data).not.toHaveProperty('unknown');
    const both = await client.post(`${wire.path}?word=on&choice=all&level=1&refresh=1`, { word: 'off', level: '2' }, { form: true });
    expect(both.json().data).toMatchObject({ word: 'off', choice: 'all', level: 2, refresh: true });
    const wrong = await client.post(`${wire.path}?word=maybe&choice=all&level=1`, undefined);
    expect(wrong.json()).toMatchObject({ code: 400, data: { fields: { word: expect.any(String) } } });
  });

  it('reads JSON and multipart bodies the same way', async () => {
    const json = await new TestClient(app).post(echo.path, { count: 3, tags: ['x'] });
    expect(json.json().data).toMatchObject({ count: 3, tags: ['x'], note: 'kept' });
    const boundary = 'XyZ';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="count"',
      '',
      '9',
      `--${boundary}`,
      'Content-Disposition: form-data; name="flag"',
      '',
      'true',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const multi = await app.inject({
      method: 'POST',
      url: echo.path,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(multi.json().data).toMatchObject({ count: 9, flag: true });
  });

  it('answers wrong types and missing fields with field errors, not a 500', async () => {
    const res = await new TestClient(app).post(echo.path, { count: 'seven', company: -3 }, { form: true });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ status: 'error', code: 400, message: 'Please check the highlighted fields' });
    expect(Object.keys(body.data.fields).sort()).toEqual(['company', 'count']);
  });

  it('hides the cause of a 500 and never sends a stack', async () => {
    const res = await new TestClient(app).post(boom.path, {});
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 'error', code: 500, message: 'Internal Error', data: {} });
    expect(res.body).not.toContain('secret');
  });

  it('refuses to send output that breaks its contract', async () => {
    const res = await new TestClient(app).post(badOutput.path, {});
    expect(res.json()).toMatchObject({ status: 'error', code: 500 });
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/nope' });
    expect(res.json()).toMatchObject({ status: 'error', code: 404 });
  });

  it('rate-limits each address, answering 429 in the envelope', async () => {
    const limitedApp = await appWith(t, { RATE_LIMIT_PER_MINUTE: '5' });
    const ask = (remoteAddress: string) => limitedApp.inject({ method: 'POST', url: '/api/v1/web/auth', remoteAddress });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await ask('10.9.9.9')).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200]);
    expect((await ask('10.9.9.9')).json()).toMatchObject({
      status: 'error',
      code: 429,
      message: 'Too many requests, please try again later',
    });
    expect((await ask('10.9.9.10')).statusCode).toBe(200);
    await limitedApp.close();
  });
});

describe('sessions and CSRF', () => {
  it('sets an HttpOnly SameSite session cookie and a readable CSRF cookie', async () => {
    const { user } = await newCompany(t.db);
    const res = await new TestClient(t.app).post('/api/v1/user/login', {
      target_type: 'password',
      target_user: user.email,
      target_password: 'test-password',
    });
    const cookies = res.cookies as { name: string; httpOnly?: boolean; sameSite?: string; secure?: boolean }[];
    expect(cookies.find((c) => c.name === 'portal_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookies.find((c) => c.name === 'portal_csrf')?.httpOnly).toBeFalsy();
  });

  it('marks cookies Secure when configured for https', async () => {
    const secure = await appWith(t, PRODUCTION_ENV);
    const { user } = await newCompany(t.db);
    const res = await new TestClient(secure).post('/api/v1/user/login', {
      target_type: 'password',
      target_user: user.email,
      target_password: 'test-password',
    });
    expect((res.cookies as { name: string; secure?: boolean }[]).every((c) => c.secure)).toBe(true);
    await secure.close();
  });

  it('refuses cookie-authenticated calls without the CSRF token, and cross-site posts', async () => {
    const { user } = await newCompany(t.db, { company_type: 'admin' });
    const c = new TestClient(t.app);
    await c.login(user.email);
    const path = '/api/v1/admin/company/list';
    const noToken = await t.app.inject({ method: 'POST', url: path, cookies: c.cookies, payload: {} });
    expect(noToken.json()).toMatchObject({ code: 403, message: 'Your session has expired, please reload the page' });
    const formToken = await c.post(path, { csrf_token: c.csrf ?? '' }, { form: true, headers: { 'x-csrf-token': '' } });
    expect(formToken.statusCode).toBe(200);
    const crossSite = await c.post(path, {}, { headers: { origin: 'https://evil.example.com' } });
    expect(crossSite.json()).toMatchObject({ code: 403 });
    expect((await c.post(path, {})).statusCode).toBe(200);
  });
});

describe('operations', () => {
  it('has one handler for every contract', () => {
    expect(new Set(ALL_HANDLERS.map((h) => h.call.path))).toEqual(new Set(ALL_CALLS.map((c) => c.path)));
  });

  it('serves health and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ok' });
  });

  it('sends security headers with a strict content security policy', async () => {
    const res = await t.app.inject('/healthz');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lists every call and entry point in the OpenAPI document and renders the docs page', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(Object.keys(doc.paths).sort()).toEqual([...ALL_CALLS, ...ALL_ENTRIES].map((c) => c.path).sort());
    expect(doc.paths['/api/v1/user/login'].post.requestBody.content['application/json'].schema.properties.target_type.enum).toContain(
      'password',
    );
    const page = await t.app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});
