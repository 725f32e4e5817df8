import { type Entry, entryKey } from '@portal/contract/shared/define-entry';
import { zEnvelope } from '@portal/contract/shared/envelope';
import { describe, expect, it } from 'vitest';
import { fingerprint, writeMark } from '../test/database.ts';
import type { TestContext } from '../test/harness.ts';
import { reviewedAccess } from './access-snapshot.ts';
import { asCall, sendEntry } from './entry-requests.ts';
import { expectation } from './expectations.ts';
import { type ActorName, type World, prepareCase } from './world.ts';

/**
 * Bad input for every field of every entry point that is not a call (docs/decisions/0098): each field missing
 * and each bad value, in the query or the path (GET, HEAD, DELETE) or the body as JSON and as a form (POST).
 * No answer may be a 5xx, a JSON answer of an entry that is not a stand-in's page must be the envelope, and a
 * refusal writes nothing.
 */
export function fuzzEntries(
  entries: readonly Entry[],
  badValues: readonly [string, unknown][],
  suite: () => { t: TestContext; world: World; snapshot: Record<string, string> },
) {
  describe('bad-input fuzz: entry points', () => {
    it.each(entries.map((e) => [entryKey(e), e] as const))('%s', async (key, entry) => {
      const { t, world, snapshot } = suite();
      const access = reviewedAccess(snapshot, key);
      const order: ActorName[] = access.public ? ['anonymous'] : ['admin', 'customer', 'distributor', 'support', 'sales'];
      let c: Awaited<ReturnType<typeof prepareCase>> | undefined;
      for (const name of order) {
        const made = await prepareCase(t, world, asCall(entry), name);
        if (expectation(access, key, made.actor, [], true).status === 200) {
          c = made;
          break;
        }
      }
      if (!c) throw new Error(`no actor is allowed ${key}`);
      const valid = (entry.example ?? {}) as Record<string, unknown>;
      const inputs: [string, Record<string, unknown>][] = [];
      for (const field of Object.keys(entry.input.shape)) {
        const { [field]: _, ...without } = valid;
        inputs.push([`${field} missing`, without]);
        for (const [label, value] of badValues) inputs.push([`${field} = ${label}`, { ...valid, [field]: value }]);
      }
      inputs.push(['an unknown field', { ...valid, unknown_field: 'x' }]);
      for (const method of entry.methods) {
        for (const [label, input] of inputs) {
          for (const form of method === 'POST' ? [false, true] : [false]) {
            const before = await fingerprint(t.handle);
            const mark = await writeMark(t.handle);
            const res = await sendEntry(c.client, entry, method, input, form);
            const what = `${method} ${entry.path} with ${label}${form ? ' (form)' : ''}: ${res.statusCode} ${res.body.slice(0, 300)}`;
            expect(res.statusCode, what).toBeLessThan(500);
            const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
            if (json && res.body !== '' && entry.kind !== 'page') expect(zEnvelope.safeParse(res.json()).success, what).toBe(true);
            if (res.statusCode >= 400 && (await writeMark(t.handle)) !== mark) expect(await fingerprint(t.handle), what).toEqual(before);
          }
        }
      }
    });
  });
}
