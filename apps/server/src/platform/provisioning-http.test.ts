import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orchestratorClient } from './provisioning-http.ts';
import { type LocalOrchestrator, startLocalOrchestrator } from './provisioning-local-server.ts';

// The shared plumbing against a scripted server: each request takes the next scripted answer (status and body).
const TOKEN = 'plumbing-test-token-0123456789';
const NOW = new Date('2026-11-21T00:00:00Z');
const later = new Date(NOW.getTime() + 30_000);
let script: Array<[number, unknown]> = [];
const seen: Array<{ method: string; url: string; authorization: string; key: string; body: string }> = [];
let server: http.Server;
let url = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        key: String(req.headers['idempotency-key'] ?? ''),
        body,
      });
      const [status, answer] = script.shift() ?? [500, { message: 'nothing scripted' }];
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  script = [];
  seen.length = 0;
  logs.length = 0;
});

const logs: unknown[] = [];
const log = { info: () => {}, warn: (d: object, m: string) => logs.push([d, m]), error: (d: object, m: string) => logs.push([d, m]) };
const client = () => orchestratorClient({ url, token: TOKEN, retryDelayMs: 1, log });
const spec = { thing_id: 4, secret_key: 'storage-secret-never-logged' };

describe('orchestratorClient', () => {
  it('sends the bearer token, the key and the spec; answers when to check', async () => {
    script = [[202, { operation: 'op_1', check_after_seconds: 12 }]];
    expect(await client().startCreate('things', 'thing-4', spec, NOW)).toEqual({
      operation: 'op_1',
      check_at: new Date(NOW.getTime() + 12_000),
    });
    expect(seen).toEqual([
      { method: 'POST', url: '/v1/things', authorization: `Bearer ${TOKEN}`, key: 'thing-4', body: JSON.stringify(spec) },
    ]);
  });

  it('retries idempotent requests after 5xx and 429, and a POST only when it carries its key', async () => {
    script = [
      [503, {}],
      [429, {}],
      [200, { state: 'pending', check_after_seconds: 5 }],
    ];
    expect(await client().check('op_1', NOW, z.null())).toEqual({ state: 'pending', check_at: new Date(NOW.getTime() + 5000) });
    expect(seen.map((s) => s.method)).toEqual(['GET', 'GET', 'GET']);
    seen.length = 0;
    script = [[503, {}]];
    expect(await client().startCreate('things', '', spec, NOW)).toEqual({ operation: '', check_at: later });
    expect(seen).toHaveLength(1);
  });

  it('a refused start fails the operation with the orchestrator’s message, without asking again', async () => {
    script = [[422, { message: 'region mars is not offered' }]];
    const started = await client().startCreate('things', 'thing-4', spec, NOW);
    expect(started.check_at).toEqual(NOW);
    expect(seen).toHaveLength(1);
    expect(await client().check(started.operation, NOW, z.null())).toEqual({
      state: 'failed',
      message: 'The orchestrator refused the request: region mars is not offered',
    });
    expect(seen).toHaveLength(1);
  });

  it('a wrong token or address is the operator’s: the start is made again later, and the log names no secret', async () => {
    script = [
      [401, { message: 'The bearer token is not valid' }],
      [404, { message: 'Not found' }],
      [403, {}],
    ];
    expect(await client().startCreate('things', 'thing-4', spec, NOW)).toEqual({ operation: '', check_at: later });
    expect(await client().startDelete('things', 4, NOW)).toEqual({ operation: '', check_at: later });
    expect(await client().check('op_2', NOW, z.null())).toEqual({ state: 'pending', check_at: later });
    expect(seen).toHaveLength(3);
    expect(logs).toHaveLength(3);
    const logged = JSON.stringify(logs);
    expect(logged).toContain('/things/4');
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain(spec.secret_key);
  });

  it('answers outside the protocol are asked again later; unknown operations fail', async () => {
    script = [
      [202, { operation: '../admin', check_after_seconds: 1 }],
      [200, { state: 'done', result: { url: 42 } }],
      [404, { message: 'Unknown operation' }],
    ];
    expect(await client().startCreate('things', 'thing-4', spec, NOW)).toEqual({ operation: '', check_at: later });
    expect(await client().check('op_3', NOW, z.object({ url: z.string() }))).toEqual({ state: 'pending', check_at: later });
    expect(await client().check('op_4', NOW, z.null())).toEqual({ state: 'failed', message: 'Unknown operation op_4' });
    // An id that is not the orchestrator's is never put in a path.
    expect(await client().check('op/../x', NOW, z.null())).toEqual({ state: 'failed', message: 'Unknown operation op/../x' });
    expect(seen.map((s) => s.url)).toEqual(['/v1/things', '/v1/operations/op_3', '/v1/operations/op_4']);
  });
});

describe('the local orchestrator refuses what the protocol does not allow', () => {
  let o: LocalOrchestrator;
  beforeAll(async () => {
    const product = {
      token: TOKEN,
      idField: 'thing_id',
      buildSeconds: 1,
      deleteSeconds: 1,
      failureRate: 0,
      buildFailure: 'no',
      deleteFailure: 'no',
      built: () => ({}),
    };
    o = await startLocalOrchestrator({ products: { things: product } });
  });
  afterAll(() => o.close());
  const call = async (method: string, path: string, body?: string, key = 'k') => {
    const res = await fetch(`${o.url}${path}`, { method, body, headers: { authorization: `Bearer ${TOKEN}`, 'idempotency-key': key } });
    return [res.status, await res.json()];
  };

  it('answers 400, 422, 404, 405 and 413 with a message', async () => {
    expect(await call('POST', '/things', '{}', '')).toEqual([400, { message: 'An Idempotency-Key of at most 200 characters is required' }]);
    expect(await call('POST', '/things', '{"thing_id":"4"}')).toEqual([422, { message: 'thing_id must be a positive integer' }]);
    expect(await call('POST', '/things', 'not json')).toEqual([400, { message: 'The body must be JSON' }]);
    expect(await call('GET', '/others')).toEqual([404, { message: 'Not found' }]);
    expect(await call('PUT', '/things')).toEqual([405, { message: 'Method not allowed' }]);
    expect(await call('DELETE', '/things/abc')).toEqual([422, { message: 'The id must be a positive integer' }]);
    expect((await call('POST', '/things', JSON.stringify({ thing_id: 1, pad: 'x'.repeat(70_000) })))[0]).toBe(413);
  });
});
