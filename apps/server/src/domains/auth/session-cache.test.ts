import { getAuthContext } from '@portal/contract/auth/auth-context';
import { logout } from '@portal/contract/auth/login';
import { listDownloads } from '@portal/contract/downloads/downloads';
import type { FastifyInstance } from 'fastify';
import { forgotten, quiet } from '../../test/session-notices.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endListeners } from '../../test/database.ts';
import { ON_POSTGRES, TestClient, type TestContext, appWith, createTestContext, newCompany, ok } from '../../test/harness.ts';
import { insertTotp, sessionsOf, setCompany, setSessionsOf, setUser } from '../../test/rows.ts';
import { SESSIONS_CHANGED, SessionCache } from './session-cache.ts';

// Two nodes of one portal, each keeping the sessions it resolves for five seconds (docs/decisions/0068).
const CACHED = { SESSION_CACHE_SECONDS: '5' };
const HOUR = 3_600_000;

let t: TestContext;
let a: FastifyInstance;
let b: FastifyInstance;
beforeAll(async () => {
  t = await createTestContext();
  a = await appWith(t, CACHED);
  b = await appWith(t, CACHED);
});
afterAll(async () => {
  await a.close();
  await b.close();
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A customer's session, used on both nodes with the same cookies. */
async function customer() {
  const { user, company } = await newCompany(t.db);
  const onA = await new TestClient(a).useSession(t.db, t.clock, user.id);
  const onB = new TestClient(b);
  onB.cookies = { ...onA.cookies };
  return { user, company, onA, onB };
}

/** Calls twice on the node and says whether the second call was answered from the cache. */
async function answeredFromCache(client: TestClient): Promise<boolean> {
  const cache = client.app.sessionCache;
  await quiet(client.app);
  ok(await client.call(getAuthContext, {}));
  const hits = cache.counts.hits;
  ok(await client.call(getAuthContext, {}));
  return cache.counts.hits === hits + 1;
}

describe('the session cache itself', () => {
  it('keeps an answer for its time, and not one read before a change', async () => {
    const cache = new SessionCache(t.db, 5000, () => {});
    await cache.start();
    try {
      await quiet(a);
      const now = t.clock.now();
      const session = { actor: {} as never, csrfToken: 'csrf', lastSeenAt: now, expiresAt: new Date(now.getTime() + HOUR) };
      // Each step runs in one turn of the event loop: no notice can come between.
      cache.keep('x', cache.generation, session, now);
      expect(cache.find('x', now)?.csrfToken).toBe('csrf');
      expect(cache.find('x', new Date(now.getTime() + 4999))?.csrfToken).toBe('csrf');
      expect(cache.find('x', new Date(now.getTime() + 5000))).toBeNull();
      expect(cache.find('x', new Date(now.getTime() - 1))).toBeNull();

      const started = cache.generation;
      cache.forget();
      cache.keep('y', started, session, now);
      expect(cache.find('y', now)).toBeNull();
      expect(cache.size).toBe(0);
    } finally {
      await cache.close();
    }
  });

  it('keeps nothing when it is off', async () => {
    const off = new SessionCache(t.db, 0, () => {});
    await off.start();
    const now = t.clock.now();
    off.keep('x', off.generation, { actor: {} as never, csrfToken: 'c', lastSeenAt: now, expiresAt: now }, now);
    expect(off.isListening).toBe(false);
    expect(off.find('x', now)).toBeNull();
    await off.close();
  });
});

describe('a session answered from the node (docs/decisions/0068)', () => {
  it('answers the next calls of a session without reading it again', async () => {
    const { onA } = await customer();
    expect(await answeredFromCache(onA)).toBe(true);
  });

  it('ends at once on the node that signed it out', async () => {
    const { onA } = await customer();
    expect(await answeredFromCache(onA)).toBe(true);
    const kept = new TestClient(a);
    kept.cookies = { ...onA.cookies };
    ok(await onA.call(logout, {}));
    expect((await kept.call(getAuthContext, {})).data).toBeNull();
  });

  it('ends on another node as soon as PostgreSQL tells it', async () => {
    const { onA, onB } = await customer();
    expect(await answeredFromCache(onB)).toBe(true);
    const generation = b.sessionCache.generation;
    ok(await onA.call(logout, {}));
    await forgotten(b, generation);
    expect((await onB.call(getAuthContext, {})).data).toBeNull();
  });

  const changes: [string, (c: Awaited<ReturnType<typeof customer>>) => Promise<void>][] = [
    ['the session is idle too long', (c) => setSessionsOf(t, c.user.id, { last_seen_at: new Date(t.clock.now().getTime() - 25 * HOUR) })],
    ['the session has ended', (c) => setSessionsOf(t, c.user.id, { expires_at: new Date(t.clock.now().getTime() - 1000) })],
    ['the user is deleted', (c) => setUser(t, c.user.id, { deleted_at: t.clock.now() })],
    ['the company is deleted', (c) => setCompany(t, c.company.id, { current_state: 'DELETED' })],
  ];
  for (const [what, change] of changes) {
    it(`ends on every node when ${what} in the database`, async () => {
      const c = await customer();
      expect(await answeredFromCache(c.onB)).toBe(true);
      const generation = b.sessionCache.generation;
      await change(c);
      await forgotten(b, generation);
      expect((await c.onB.call(getAuthContext, {})).data).toBeNull();
    });
  }

  it("follows the company's type and its two-factor rule, and the user's second factor", async () => {
    const c = await customer();
    expect(await answeredFromCache(c.onB)).toBe(true);
    let generation = b.sessionCache.generation;
    await setCompany(t, c.company.id, { company_type: 'distributor' });
    await forgotten(b, generation);
    expect(ok(await c.onB.call(getAuthContext, {})).data?.roles).toContain('distributor');

    generation = b.sessionCache.generation;
    await setCompany(t, c.company.id, { require_two_factor: true });
    await forgotten(b, generation);
    expect(await c.onB.call(listDownloads, {})).toMatchObject({ code: 403, data: { two_factor_setup_required: true } });

    generation = b.sessionCache.generation;
    await insertTotp(t, c.user.id, t.clock.now());
    await forgotten(b, generation);
    ok(await c.onB.call(listDownloads, {}));
  });

  it('writes a session seen again without making any node forget', async () => {
    const { user, onB } = await customer();
    expect(await answeredFromCache(onB)).toBe(true);
    const generation = b.sessionCache.generation;
    t.clock.advance(2 * 60_000);
    const hits = b.sessionCache.counts.hits;
    ok(await onB.call(getAuthContext, {}));
    // Past the cache's five seconds the session is read again, and seen: its last_seen_at moves forward.
    expect(b.sessionCache.counts.hits).toBe(hits);
    const [row] = await sessionsOf(t, user.id);
    expect(row?.last_seen_at.getTime()).toBe(t.clock.now().getTime());
    await sleep(300);
    expect(b.sessionCache.generation).toBe(generation);
    expect(await answeredFromCache(onB)).toBe(true);
  });

  it.skipIf(!ON_POSTGRES)('keeps nothing while the node does not listen, and again once it does', async () => {
    const { onB } = await customer();
    expect(await answeredFromCache(onB)).toBe(true);
    expect(await endListeners(t.handle, SESSIONS_CHANGED)).toBeGreaterThanOrEqual(2);
    const until = Date.now() + 5000;
    while (b.sessionCache.isListening && Date.now() < until) await sleep(5);
    expect(b.sessionCache.isListening).toBe(false);
    expect(b.sessionCache.size).toBe(0);
    // Until the listening connection is back (a second later), every call reads its session.
    const hits = b.sessionCache.counts.hits;
    ok(await onB.call(getAuthContext, {}));
    ok(await onB.call(getAuthContext, {}));
    if (!b.sessionCache.isListening) expect(b.sessionCache.counts.hits).toBe(hits);
    while (!b.sessionCache.isListening && Date.now() < until + 5000) await sleep(20);
    expect(await answeredFromCache(onB)).toBe(true);
  });
});
