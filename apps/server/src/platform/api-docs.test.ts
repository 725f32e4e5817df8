import { ALL_CALLS } from '@portal/contract/all-calls';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ENV, type TestContext, appWith as appOn, createTestContext } from '../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const appWith = (env: Record<string, string>): Promise<FastifyInstance> => appOn(t, env);

describe('API docs', () => {
  it('are public in development', async () => {
    const app = await appWith({ NODE_ENV: 'development' });
    const doc = await app.inject('/api/openapi.json');
    expect(Object.keys(doc.json().paths).sort()).toEqual(ALL_CALLS.map((c) => c.path).sort());
    const page = await app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
    await app.close();
  });

  it('are not served in production, answering 404 in the envelope', async () => {
    const app = await appWith({ ...PRODUCTION_ENV });
    for (const url of ['/api/openapi.json', '/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ status: 'error', code: 404 });
    }
    await app.close();
  });

  it('are public in production when API_DOCS_PUBLIC says so, and hidden in development when it says not', async () => {
    const prod = await appWith({ ...PRODUCTION_ENV, API_DOCS_PUBLIC: 'true' });
    const doc = await prod.inject('/api/openapi.json');
    expect(doc.statusCode).toBe(200);
    // It names the cookies an https deployment sets.
    expect(doc.json().components.securitySchemes.session.name).toBe('__Host-portal_session');
    expect((await prod.inject('/api/docs/')).statusCode).toBe(200);
    await prod.close();
    const dev = await appWith({ NODE_ENV: 'development', API_DOCS_PUBLIC: 'false' });
    expect((await dev.inject('/api/openapi.json')).statusCode).toBe(404);
    expect((await dev.inject('/api/docs/')).statusCode).toBe(404);
    await dev.close();
  });
});
