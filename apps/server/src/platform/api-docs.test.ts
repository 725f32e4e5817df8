import { ALL_CALLS } from '@portal/contract/all-calls';
import { ALL_ENTRIES } from '@portal/contract/all-entries';
import { downloadSupportAttachment, resumableUpload, uploadSupportFile } from '@portal/contract/tickets/ticket-entries';
import { sandboxBoardPage } from '@portal/contract/help/board-entries';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { listRegions } from '@portal/contract/companies/distributor-settings';
import { storageDeleteBucket } from '@portal/contract/storage/storage';
import { createComment } from '@portal/contract/tickets/ticket-view';
import { forgotPassword } from '@portal/contract/account/password';
import { login } from '@portal/contract/auth/login';
import { PRODUCTION_ENV, type TestContext, appWith as appOn, createTestContext } from '../test/harness.ts';
import { routeOf } from './entry.ts';
import { buildOpenApi } from './openapi.ts';

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
    expect(Object.keys(doc.json().paths).sort()).toEqual([...ALL_CALLS, ...ALL_ENTRIES].map((c) => c.path).sort());
    // What the document names is what the app serves: every entry's methods are routed.
    for (const entry of ALL_ENTRIES) {
      for (const method of entry.methods) expect(app.hasRoute({ method, url: routeOf(entry) }), `${method} ${entry.path}`).toBe(true);
    }
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

/** The schema of the first property of that name anywhere in a document's part. */
function findProperty(node: unknown, name: string): unknown {
  if (node === null || typeof node !== 'object') return undefined;
  const properties = (node as { properties?: Record<string, unknown> }).properties;
  if (properties && Object.hasOwn(properties, name)) return properties[name];
  for (const child of Object.values(node)) {
    const found = findProperty(child, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

describe("the API document, as integrators' tools read it", () => {
  type Operation = { responses: Record<string, { $ref?: string; description?: string }> };
  const doc = buildOpenApi(ALL_CALLS);
  const op = (path: string) => (doc.paths[path] as { post: Operation }).post;
  const statuses = (path: string) => Object.keys(op(path).responses).sort();

  it('documents the error envelope of every call for each status it can answer', () => {
    for (const call of ALL_CALLS) {
      const documented = statuses(call.path);
      expect(documented, call.path).toEqual(expect.arrayContaining(['200', '400', '403', '413', '429', 'default']));
    }
    expect(statuses(listRegions.path)).toEqual(['200', '400', '401', '403', '413', '429', 'default']);
    expect(statuses(login.path)).toContain('401');
    expect(statuses(forgotPassword.path)).not.toContain('401');
    expect(statuses(storageDeleteBucket.path)).toContain('404');
    expect(statuses(createComment.path)).toEqual(['200', '400', '401', '403', '404', '409', '413', '429', 'default']);
    expect(op(createComment.path).responses['409']?.description).toContain('expect_ticket_hash');
    const badInput = doc.components.responses.BadInput.content['application/json'].schema;
    expect(JSON.stringify(badInput)).toContain('"fields"');
  });

  it('names its server and a licence, and defines every key a record requires', () => {
    expect(doc.servers).toEqual([{ url: '/', description: 'This portal' }]);
    expect(buildOpenApi(ALL_CALLS, undefined, 'https://portal.example.net/').servers[0]?.url).toBe('https://portal.example.net');
    expect(doc.info.license).toEqual({ name: 'Proprietary', identifier: 'LicenseRef-Proprietary' });
    const counts = findProperty(doc.paths[adminCompanyList.path], 'count_in_state') as { required: string[]; properties: object };
    expect(Object.keys(counts.properties).sort()).toEqual([...counts.required].sort());
  });

  it('documents every entry point that is not a call, each method with its own answers', () => {
    const withEntries = buildOpenApi(ALL_CALLS, undefined, '/', ALL_ENTRIES);
    type Item = Record<
      string,
      { responses: Record<string, unknown>; parameters?: { name: string; in: string }[]; requestBody?: { content: object } }
    >;
    const item = (path: string) => withEntries.paths[path] as Item;
    for (const entry of ALL_ENTRIES)
      expect(Object.keys(item(entry.path)).sort(), entry.path).toEqual(entry.methods.map((m) => m.toLowerCase()).sort());
    const download = item(downloadSupportAttachment.path).get;
    expect(Object.keys(download?.responses ?? {})).toEqual(expect.arrayContaining(['200', '206', '401', '403', '416']));
    expect(download?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['query:id', 'header:range', 'header:if-range']);
    expect(Object.keys(item(uploadSupportFile.path).post?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(Object.keys(item(resumableUpload.path).patch?.requestBody?.content ?? {})).toEqual(['application/offset+octet-stream']);
    expect(item(sandboxBoardPage.path).get?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['path:board_path', 'query:ssoToken']);
    expect(item(sandboxBoardPage.path).get?.responses).not.toHaveProperty('401');
  });
});
