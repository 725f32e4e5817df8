import { ALL_CALLS } from '@portal/contract/all-calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../test/database.ts';
import { READ_ONLY_PATHS } from '../test/factories.ts';
import { type TestContext, createTestContext } from '../test/harness.ts';
import { readSnapshot, reviewedAccess } from './access-snapshot.ts';
import { expectation, knownAnswer, withoutAudit } from './expectations.ts';
import { ownedFields } from './sample-input.ts';
import { ACTOR_NAMES, type ActorName, SUITE_ENV, type World, buildWorld, prepareCase } from './world.ts';

/**
 * Every call × every actor, generated from the contract list, with expectations from the reviewed access
 * snapshot. Every owned id of a call points at a row of a fresh victim: an allowed actor who reaches it
 * gets a 200, an actor of another tenant is refused, and a refused call writes nothing. Calls with several
 * owned ids are also sent by another tenant's users with one id at a time on the victim and the others on
 * their own rows, so a row must belong to the company the call was checked for.
 */
let t: TestContext;
let world: World;
beforeAll(async () => {
  t = await createTestContext(SUITE_ENV);
  world = await buildWorld(t);
});
afterAll(() => t.close());

const snapshot = readSnapshot();
const OUTSIDERS: ActorName[] = ['customer of another company', 'another distributor'];

const cases = ALL_CALLS.flatMap((call) => [
  ...ACTOR_NAMES.map((name) => [call.path, name, '', call, undefined] as const),
  ...(ownedFields(call).length > 1
    ? OUTSIDERS.flatMap((name) =>
        ownedFields(call).map(({ field }) => [call.path, name, `, only ${field} on the victim`, call, field] as const),
      )
    : []),
]);

describe('authorization matrix', () => {
  it.each(cases)('%s as %s%s', async (path, name, _label, call, onlyField) => {
    const access = reviewedAccess(snapshot, path);
    const c = await prepareCase(t, world, call, name, onlyField);
    const before = await fingerprint(t.handle);
    // Checks the envelope, and that a 2xx's data matches the contract's output.
    const res = await c.client.call(call, c.input);
    const what = `${name} got ${res.code}: ${JSON.stringify(res).slice(0, 500)}`;
    const wroteNothing = async () =>
      expect(withoutAudit(access, await fingerprint(t.handle)), `${name} wrote: ${what}`).toEqual(withoutAudit(access, before));
    expect(res.code, what).toBeLessThan(500);

    const known = knownAnswer(path, name);
    const expected = onlyField !== undefined ? 'refuse' : expectation(access, c.actor, c.target);
    if (known) {
      expect({ code: res.code, message: res.message }, what).toEqual({ code: known.status, message: known.message });
      if (res.code >= 400) await wroteNothing();
    } else if (expected === 'allow') {
      expect(res.code, what).toBe(200);
    } else if (expected === 'refuse') {
      expect([401, 403, 404], what).toContain(res.code);
      if (c.actor.userId === null) expect(res.code, what).toBe(401);
      await wroteNothing();
    } else {
      expect(res.code, what).not.toBe(401);
      await wroteNothing();
    }
    // A call that only reads writes nothing, whoever calls it and whatever it answers.
    if (READ_ONLY_PATHS.has(path)) await wroteNothing();
  });
});
