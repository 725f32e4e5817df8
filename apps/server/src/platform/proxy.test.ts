import { submitErrorReport } from '@portal/contract/web/submit-error-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { type TestContext, appWith as appOn, createTestContext } from '../test/harness.ts';
import { lastErrorReport } from '../test/rows.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const appWith = (env: Record<string, string>): Promise<FastifyInstance> => appOn(t, env);

/** The address the portal stores for a call, as an error report records it. */
async function storedAddress(app: FastifyInstance, remoteAddress: string, forwardedFor: string): Promise<string | undefined> {
  const res = await app.inject({
    method: 'POST',
    url: submitErrorReport.path,
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { error_name: 'ProxyTest' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (await lastErrorReport(t))?.ip;
}

describe('X-Forwarded-For', () => {
  it('is ignored by default: the address is the connecting one', async () => {
    const app = await appWith({});
    expect(await storedAddress(app, '198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
    await app.close();
  });

  it('cannot reset the per-address rate limit by default', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '3' });
    const codes: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/web/auth',
        remoteAddress: '198.51.100.8',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    await app.close();
  });

  it('is read only from the proxies TRUST_PROXY names (addresses or ranges)', async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' });
    expect(await storedAddress(app, '10.20.30.40', '203.0.113.9')).toBe('203.0.113.9');
    expect(await storedAddress(app, '192.0.2.1', '203.0.113.10')).toBe('203.0.113.10');
    // A client that is no configured proxy still cannot choose its address.
    expect(await storedAddress(app, '198.51.100.7', '203.0.113.11')).toBe('198.51.100.7');
    await app.close();
  });
});
