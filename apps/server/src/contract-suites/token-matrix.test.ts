import { ALL_CALLS } from '@portal/contract/all-calls';
import { TOKEN_AUTH_MESSAGES, TOKEN_PERMISSION_NAMES, type TokenPermission } from '@portal/contract/shared/token-permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint, writeMark } from '../test/database.ts';
import { READ_ONLY_PATHS, newApiToken } from '../test/factories.ts';
import { type TestContext, createTestContext } from '../test/harness.ts';
import { TokenClient } from '../test/token-client.ts';
import { parseAccess, readSnapshot, reviewedAccess } from './access-snapshot.ts';
import { expectation, knownAnswer } from './expectations.ts';
import { type ActorName, SUITE_ENV, type World, buildWorld, prepareCase } from './world.ts';

/**
 * The authorization matrix's token actors (docs/decisions/0030): one token per permission, held by the user
 * the permission is offered to (ADMIN_ an admin, DISTRIBUTOR_ a distributor, the rest a customer). Every call
 * is sent with each token: a call whose contract names the permission answers as it does to that user's
 * session (the reviewed access, owned ids aimed at a fresh victim); every other call is refused with 403 and
 * writes nothing. The permission's calls are also sent with tokens of the other two users, given the
 * permission directly, so a token never authorizes more than its user.
 */
let t: TestContext;
let world: World;
beforeAll(async () => {
  t = await createTestContext(SUITE_ENV);
  world = await buildWorld(t);
});
afterAll(() => t.close());

const snapshot = readSnapshot();
const holderOf = (p: TokenPermission): ActorName =>
  p.startsWith('ADMIN_') ? 'admin' : p.startsWith('DISTRIBUTOR_') ? 'distributor' : 'customer';
const HOLDERS: ActorName[] = ['customer', 'distributor', 'admin'];

/**
 * The snapshot's word for the call's permission, so widening a call's token access is reviewed there (a call
 * missing from the snapshot fails the snapshot's own test; here it counts as open to no token).
 */
const permissionOf = (path: string) => (snapshot[path] === undefined ? null : parseAccess(snapshot[path]).token);

const granted = TOKEN_PERMISSION_NAMES.flatMap((p) =>
  ALL_CALLS.filter((c) => permissionOf(c.path) === p).flatMap((c) => HOLDERS.map((h) => [p, c.path, h, c] as const)),
);
const refused = TOKEN_PERMISSION_NAMES.flatMap((p) =>
  ALL_CALLS.filter((c) => permissionOf(c.path) !== p).map((c) => [p, c.path, c] as const),
);

describe('token matrix', () => {
  it('every permission opens at least one call, and only calls whose contract names it', () => {
    for (const p of TOKEN_PERMISSION_NAMES)
      expect(
        granted.some(([q]) => q === p),
        p,
      ).toBe(true);
    for (const c of ALL_CALLS) expect(c.tokenPermission ?? null, c.path).toBe(permissionOf(c.path));
  });

  it.each(granted)('%s token reaches %s as %s like its session does', async (permission, path, holder, call) => {
    const access = reviewedAccess(snapshot, path);
    const c = await prepareCase(t, world, call, holder);
    const userId = c.actor.userId as number;
    const companyId = c.actor.context?.company_id as number;
    const { token } = await newApiToken(t.db, t.clock.now(), userId, companyId, [permission]);
    const before = await fingerprint(t.handle);
    const res = await new TokenClient(t.app, token).call(call, c.input as never);
    const what = `${holder}'s ${permission} token got ${res.code}: ${JSON.stringify(res).slice(0, 400)}`;
    expect(res.code, what).toBeLessThan(500);
    const known = knownAnswer(path, holder);
    const expected = expectation(access, path, c.actor, c.owned, READ_ONLY_PATHS.has(path));
    if (known) expect(res.code, what).toBe(known.status);
    else if (expected.status === 200) expect(res.code, what).toBe(200);
    else {
      // The same refusal the session gets: a token carries its user's roles and company.
      expect(res.code, `${expected.rule}: ${what}`).toBe(expected.status);
      // Only the record of the token's use may have changed.
      const ignore = (s: Record<string, string>) =>
        Object.fromEntries(Object.entries(s).filter(([k]) => !['api_tokens', 'company_events'].includes(k)));
      expect(ignore(await fingerprint(t.handle)), what).toEqual(ignore(before));
    }
  });

  it.each(refused)('%s token is refused %s', async (permission, path, call) => {
    const holder = holderOf(permission);
    const user = holder === 'admin' ? world.staff.user : holder === 'distributor' ? world.distA.user : world.other.user;
    const { token } = await newApiToken(t.db, t.clock.now(), user.id, user.company_id, [permission]);
    const before = await fingerprint(t.handle);
    const mark = await writeMark(t.handle);
    // The token is refused before the input is read, so any input does.
    const res = await new TokenClient(t.app, token).call(call, {} as never);
    expect({ code: res.code, message: res.message }, path).toEqual({ code: 403, message: TOKEN_AUTH_MESSAGES.notPermitted });
    if ((await writeMark(t.handle)) !== mark) expect(await fingerprint(t.handle), `${path} wrote`).toEqual(before);
  });
});
