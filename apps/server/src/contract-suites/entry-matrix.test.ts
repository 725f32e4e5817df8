import { ALL_ENTRIES } from '@portal/contract/all-entries';
import { entryKey } from '@portal/contract/shared/define-entry';
import { zEnvelope } from '@portal/contract/shared/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../test/database.ts';
import { type TestContext, createTestContext } from '../test/harness.ts';
import { readSnapshot, reviewedAccess } from './access-snapshot.ts';
import { asCall, sendEntry } from './entry-requests.ts';
import { expectation } from './expectations.ts';
import { ACTOR_NAMES, SUITE_ENV, type World, buildWorld, prepareCase } from './world.ts';

/**
 * Every entry point that is not a call (downloads, uploads, streams, pages) × every method × every actor, with
 * expectations from the reviewed access snapshot, as the authorization matrix does for calls. Each sends its
 * example, which names no row, so an allowed caller meets the entry's own answer (a missing file, a card
 * session that has ended) and no stream is held open; a refused one meets the platform's 401 or 403.
 */
let t: TestContext;
let world: World;
beforeAll(async () => {
  t = await createTestContext(SUITE_ENV);
  world = await buildWorld(t);
});
afterAll(() => t.close());

const snapshot = readSnapshot();
const cases = ALL_ENTRIES.flatMap((entry) =>
  entry.methods.flatMap((method) => ACTOR_NAMES.map((name) => [entryKey(entry), method, name, entry] as const)),
);

describe('entry point authorization matrix', () => {
  it.each(cases)('%s: %s as %s', async (key, method, name, entry) => {
    const access = reviewedAccess(snapshot, key);
    const c = await prepareCase(t, world, asCall(entry), name);
    const before = await fingerprint(t.handle);
    const res = await sendEntry(c.client, entry, method, (entry.example ?? {}) as Record<string, unknown>);
    const what = `${name} got ${res.statusCode}: ${res.body.slice(0, 300)}`;
    expect(res.statusCode, what).toBeLessThan(500);
    // Entries name no owned rows here (the examples name nothing that exists): only the access rule decides.
    const expected = expectation(access, key, c.actor, [], true);
    if (expected.status !== 200) {
      expect(res.statusCode, `${what} (${expected.rule})`).toBe(expected.status);
      // A HEAD answer carries no body; every other refusal is the envelope.
      if (method !== 'HEAD') expect(zEnvelope.safeParse(res.json()).success, what).toBe(true);
    } else if (!access.public) {
      // Let in: whatever the entry answers, it is not the platform's refusal.
      expect([401, 403], what).not.toContain(res.statusCode);
    }
    // The examples name nothing that exists: no answer writes.
    expect(await fingerprint(t.handle), what).toEqual(before);
  });
});
