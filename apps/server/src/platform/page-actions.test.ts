import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, appWith, createTestContext } from '../test/harness.ts';
import { registerPageActions } from './page-actions.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

describe('page actions (POST / with doAction)', () => {
  it("pass the browser's address to the call, not the server's own", async () => {
    const app = Fastify();
    await app.register(formbody);
    await app.register(multipart);
    app.post('/api/v1/echo', async (req) => ({ ip: req.ip }));
    registerPageActions(app, { echo: { path: '/api/v1/echo' } });
    const res = await app.inject({ method: 'POST', url: '/', payload: { doAction: 'echo' }, remoteAddress: '10.2.2.2' });
    expect(res.json()).toEqual({ ip: '10.2.2.2' });
    await app.close();
  });

  it("count once against the sender's rate limit, so one address cannot use up everyone's", async () => {
    const limited = await appWith(t, { RATE_LIMIT_PER_MINUTE: '5' });
    const act = (remoteAddress: string) =>
      limited.inject({ method: 'POST', url: '/', payload: { doAction: 'auto_payment_configure' }, remoteAddress });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await act('10.3.3.3')).statusCode);
    expect(codes).not.toContain(429);
    expect((await act('10.3.3.3')).statusCode).toBe(429);
    expect((await act('10.3.3.4')).statusCode).not.toBe(429);
    await limited.close();
  });
});
