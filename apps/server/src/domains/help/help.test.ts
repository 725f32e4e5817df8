import { featureVotingSso, listResources } from '@portal/contract/help/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, appWith, createTestContext, newCompany, ok, signedInCompany } from '../../test/harness.ts';
import { BOARD_TOKEN_SECONDS, verifyBoardToken } from './sso.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ RESOURCE_WEBINARS_URL: '', RESOURCE_BLOG_URL: 'https://blog.example.org/' });
});
afterAll(() => t.close());

const config = () => t.app.deps.config;

async function boardUrl(c: TestClient, path = '') {
  const res = ok(await c.call(featureVotingSso, { path }));
  return new URL(res.data.board_url ?? 'about:blank');
}

describe('/resource links', () => {
  it('lists the configured links in the spec order and leaves out one configured empty', async () => {
    const { client } = await signedInCompany(t);
    const res = ok(await client.call(listResources, {}));
    expect(res.data.resources.map((r) => r.key)).toEqual(['documentation', 'release_notes', 'feature_voting', 'integrations', 'blog']);
    expect(res.data.resources.find((r) => r.key === 'blog')?.url).toBe('https://blog.example.org/');
    expect(res.data.resources.find((r) => r.key === 'feature_voting')?.url).toBe('/feature_voting');
  });

  it('has no feature voting link when no board is configured', async () => {
    const app = await appWith(t, { FEATURE_VOTING_BOARD_URL: 'off' });
    try {
      const { user } = await newCompany(t.db);
      const c = new TestClient(app);
      await c.login(user.email);
      const keys = ok(await c.call(listResources, {})).data.resources.map((r) => r.key);
      expect(keys).not.toContain('feature_voting');
      expect(ok(await c.call(featureVotingSso, {})).data).toEqual({ board_url: null, board_origin: null });
    } finally {
      await app.close();
    }
  });
});

describe('feature voting sign-in', () => {
  it("gives the board a signed token naming the user, valid for ten minutes, and the page's path", async () => {
    const { client, user } = await signedInCompany(t);
    const url = await boardUrl(client, 'ideas/2');
    expect(url.origin + url.pathname).toBe('http://localhost:3000/sandbox-feature-board/ideas/2');
    const token = url.searchParams.get('ssoToken') ?? '';
    expect(await verifyBoardToken(config(), token, t.clock.now())).toEqual({
      id: String(user.id),
      email: user.email,
      name: user.contact_name,
    });
    const later = new Date(t.clock.now().getTime() + (BOARD_TOKEN_SECONDS + 1) * 1000);
    expect(await verifyBoardToken(config(), token, later)).toBeNull();
    // A token signed with another key (another portal, or a forgery) names nobody.
    const other = { ...config(), FEATURE_VOTING_SSO_KEY: 'another-key-of-at-least-thirty-two-chars' };
    expect(await verifyBoardToken(other, token, t.clock.now())).toBeNull();
  });

  it('refuses a board path that could leave the board', async () => {
    const { client } = await signedInCompany(t);
    for (const path of ['../admin', 'https://evil.example.com', 'a?b=c']) {
      const res = await client.call(featureVotingSso, { path });
      expect(res).toMatchObject({ status: 'error', code: 400 });
    }
  });

  it('names the admin, not the customer, while an admin is signed in as a customer', async () => {
    const admin = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin' });
    const customer = await newCompany(t.db);
    const c = new TestClient(t.app);
    await c.useSession(t.db, t.clock, customer.user.id, admin.user.id);
    const token = (await boardUrl(c)).searchParams.get('ssoToken') ?? '';
    expect((await verifyBoardToken(config(), token, t.clock.now()))?.email).toBe(admin.user.email);
  });

  it('sends users to a configured board, which the portal may frame', async () => {
    const app = await appWith(t, { FEATURE_VOTING_BOARD_URL: 'https://feedback.example.net/boards/portal' });
    try {
      const { user } = await newCompany(t.db);
      const c = new TestClient(app);
      await c.login(user.email);
      const res = ok(await c.call(featureVotingSso, { path: 'p/restore' }));
      expect(res.data.board_origin).toBe('https://feedback.example.net');
      expect(res.data.board_url).toMatch(/^https:\/\/feedback\.example\.net\/boards\/portal\/p\/restore\?ssoToken=/);
      const page = await app.inject({ method: 'GET', url: '/login' });
      expect(page.headers['content-security-policy']).toContain("frame-src 'self' https://feedback.example.net");
      // The local board is not served when another is configured.
      expect((await app.inject({ method: 'GET', url: '/sandbox-feature-board/board.js' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('the local board', () => {
  it('signs the user in from the token alone and counts one vote per user, given or taken back', async () => {
    const { client, user } = await signedInCompany(t);
    const url = await boardUrl(client);
    const token = url.searchParams.get('ssoToken') ?? '';
    // No portal cookie is sent: the board knows the user from the token.
    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Signed in as ${user.contact_name} (${user.email})`);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const ideaId = Number(/data-idea="(\d+)"/.exec(page.body)?.[1]);

    const vote = () => t.app.inject({ method: 'POST', url: '/sandbox-feature-board/vote', payload: { ssoToken: token, idea_id: ideaId } });
    const first = (await vote()).json();
    expect(first).toEqual({ votes: 1, voted: true });
    const other = await signedInCompany(t);
    const otherToken = (await boardUrl(other.client)).searchParams.get('ssoToken');
    const second = await t.app.inject({
      method: 'POST',
      url: '/sandbox-feature-board/vote',
      payload: { ssoToken: otherToken, idea_id: ideaId },
    });
    expect(second.json()).toEqual({ votes: 2, voted: true });
    expect((await vote()).json()).toEqual({ votes: 1, voted: false });

    const one = await t.app.inject({ method: 'GET', url: `/sandbox-feature-board/ideas/${ideaId}?ssoToken=${token}` });
    expect(one.body.match(/data-idea=/g)).toHaveLength(1);
  });

  it('refuses a missing, forged or expired token', async () => {
    const { client } = await signedInCompany(t);
    const token = (await boardUrl(client)).searchParams.get('ssoToken') ?? '';
    expect((await t.app.inject({ method: 'GET', url: '/sandbox-feature-board/' })).statusCode).toBe(401);
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await t.app.inject({ method: 'GET', url: `/sandbox-feature-board/?ssoToken=${forged}` })).statusCode).toBe(401);
    t.clock.advance((BOARD_TOKEN_SECONDS + 1) * 1000);
    try {
      const res = await t.app.inject({ method: 'POST', url: '/sandbox-feature-board/vote', payload: { ssoToken: token, idea_id: 1 } });
      expect(res.statusCode).toBe(401);
    } finally {
      t.clock.advance(-(BOARD_TOKEN_SECONDS + 1) * 1000);
    }
  });
});
