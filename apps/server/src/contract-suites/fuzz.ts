import fs from 'node:fs';
import { ALL_CALLS } from '@portal/contract/all-calls';
import type { Call } from '@portal/contract/shared/define-call';
import type { Entry } from '@portal/contract/shared/define-entry';
import { zEnvelope } from '@portal/contract/shared/envelope';
import { NULL_MARKER } from '@portal/contract/shared/fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint, writeMark } from '../test/database.ts';
import { READ_ONLY_PATHS } from '../test/factories.ts';
import { type TestContext, createTestContext } from '../test/harness.ts';
import { readSnapshot, reviewedAccess } from './access-snapshot.ts';
import { expectation, knownAnswer, withoutAudit } from './expectations.ts';
import { fuzzEntries } from './fuzz-entries.ts';
import { type ActorName, type PreparedCase, SUITE_ENV, type World, buildWorld, clientFor, prepareCase } from './world.ts';

/**
 * Bad input for every field of every call, generated from the contract list, sent as JSON and as a form.
 * No reply may be a 5xx or fall outside the envelope, and a refused call may not write a row. One test
 * file per contract domain (fuzz-<domain>.test.ts), so that vitest runs them side by side.
 */
const BAD_VALUES: [string, unknown][] = [
  ['a string', 'not the right type'],
  ['a number', 12345],
  ['a boolean', true],
  ['an object', { nested: { deeper: [1, 2, 3] } }],
  ['an array', ['a', 1, null]],
  ['null', null],
  ['the null marker', NULL_MARKER],
  ['a huge string', 'x'.repeat(200_000)],
  ['unicode', '😀 ünïcödé ‮ 中文 \u0000\u0001 \uD800'],
  ['SQL injection', "' OR 1=1; DROP TABLE companies; --"],
  ['markup', '<script>alert(1)</script><img src=x onerror=alert(1)>'],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template injection text, on purpose
  ['a template', '${7*7}{{7*7}}%s%n'],
  ['a path', '../../../../etc/passwd'],
  ['negative money', -1],
  ['fractional money', 1.5],
  ['a tiny fraction', 0.001],
  ['a huge number', 1e308],
  ['an unsafe integer', 2 ** 63],
  ['zero', 0],
  ['numeric text with a fraction', '10.50'],
  ['an empty string', ''],
];

function asForm(input: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}

/** The input as a browser's form writes it: text as it is, null as the NUL marker, anything else as JSON text. */
function formOf(input: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(input)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, v === null ? NULL_MARKER : typeof v === 'string' ? v : JSON.stringify(v)]),
  );
}

/** Lists nested 20,000 deep, as JSON text: deep enough to overflow any walk that recurses. */
const DEEP = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;

/** Names every object inherits: no call has such a field, and no lookup of them may reach the prototype. */
const INHERITED_NAMES = ['constructor', 'toString', '__proto__'];

interface Mutation {
  label: string;
  input: Record<string, unknown>;
  /** The JSON text to send instead of the input, where JSON.stringify cannot write it. */
  json?: string;
  /** A body sent as it is, once, instead of the input as JSON and as a form. */
  raw?: { payload: string; type: string };
}

function mutations(call: Call, valid: Record<string, unknown>): Mutation[] {
  const out: Mutation[] = [];
  const validJson = JSON.stringify(valid);
  for (const key of Object.keys(call.input.shape)) {
    const { [key]: _, ...without } = valid;
    out.push({ label: `${key} missing`, input: without });
    for (const [label, value] of BAD_VALUES) out.push({ label: `${key} = ${label}`, input: { ...valid, [key]: value } });
    // A later duplicate key wins in JSON, so the valid input's own value is replaced.
    const json = `${validJson.slice(0, -1)}${validJson === '{}' ? '' : ','}${JSON.stringify(key)}:${DEEP}}`;
    out.push({ label: `${key} = JSON nested 20,000 deep`, input: { ...valid, [key]: DEEP }, json });
  }
  out.push({ label: 'an unknown field', input: { ...valid, unknown_field: 'ignored' } });
  out.push({ label: 'every field unicode', input: Object.fromEntries(Object.keys(valid).map((k) => [k, 'ünïcödé'])) });
  // Own properties with these names (fromEntries defines them; a literal `__proto__:` would set the prototype).
  for (const name of INHERITED_NAMES)
    out.push({ label: `a field named ${name}`, input: { ...valid, ...Object.fromEntries([[name, 'x']]) } });
  out.push({ label: 'multipart without a boundary', input: valid, raw: { payload: 'field=value', type: 'multipart/form-data' } });
  return out;
}

/** The actor the fuzz calls with: the first the reviewed access lets in, so input checks are reached. */
async function allowedCase(t: TestContext, world: World, call: Call, snapshot: Record<string, string>): Promise<PreparedCase> {
  const access = reviewedAccess(snapshot, call.path);
  const order: ActorName[] = access.public
    ? ['anonymous']
    : ['admin', 'customer', 'distributor', 'admin impersonating', 'support', 'sales', 'customer of another company'];
  for (const name of order) {
    const c = await prepareCase(t, world, call, name);
    if (expectation(access, call.path, c.actor, c.owned, READ_ONLY_PATHS.has(call.path)).status === 200 && !knownAnswer(call.path, name))
      return c;
  }
  // Every allowed actor has a known answer in the generic world (a ticket's note or hash the sample input
  // cannot name): the input checks still come first, so the first allowed actor serves.
  for (const name of order) {
    const c = await prepareCase(t, world, call, name);
    if (expectation(access, call.path, c.actor, c.owned, READ_ONLY_PATHS.has(call.path)).status === 200) return c;
  }
  throw new Error(`no actor is allowed ${call.path}`);
}

/** Each call's domain: the folder of the contract module that defines it (ALL_CALLS stays the list of calls). */
export async function domainOfCalls(): Promise<Map<string, string>> {
  const root = new URL('../../../../packages/contract/src/', import.meta.url);
  const domains = new Map<string, string>();
  for (const dir of fs.readdirSync(root, { withFileTypes: true })) {
    if (!dir.isDirectory() || dir.name === 'shared') continue;
    for (const file of fs.readdirSync(new URL(`${dir.name}/`, root)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const module = (await import(new URL(`${dir.name}/${file}`, root).href)) as Record<string, unknown>;
      for (const value of Object.values(module)) {
        const path = (value as Partial<Call> | null)?.path;
        if (typeof path === 'string' && ALL_CALLS.some((c) => c.path === path)) domains.set(path, dir.name);
      }
    }
  }
  return domains;
}

/** Registers the fuzz for the calls of one contract domain, and for its entry points that are not calls. */
export async function fuzzDomain(domain: string, entries: readonly Entry[] = []): Promise<void> {
  const domains = await domainOfCalls();
  const calls = ALL_CALLS.filter((c) => domains.get(c.path) === domain);
  const snapshot = readSnapshot();
  let t: TestContext;
  let world: World;
  beforeAll(async () => {
    t = await createTestContext(SUITE_ENV);
    world = await buildWorld(t);
  });
  afterAll(() => t.close());

  if (entries.length) fuzzEntries(entries, BAD_VALUES, () => ({ t, world, snapshot }));
  describe(`bad-input fuzz: ${domain}`, () => {
    it('has calls', () => expect(calls.length).toBeGreaterThan(0));

    it.each(calls.map((c) => [c.path, c] as const))('%s', async (path, call) => {
      const access = reviewedAccess(snapshot, path);
      const c = await allowedCase(t, world, call, snapshot);
      let client = c.client;
      // The example as a form, then as JSON: a form reads as JSON does (DESIGN.md wire conventions). A refused
      // form leaves the state as it was, so the JSON copy must meet the same refusal; an accepted one may have
      // changed what the JSON copy meets.
      const exampleMark = await writeMark(t.handle);
      const exampleAsForm = await client.post(path, formOf(c.input), { form: true });
      const exampleAsJson = await client.post(path, c.input);
      if (exampleAsForm.statusCode >= 400) {
        const answer = (res: typeof exampleAsForm) => ({ status: res.statusCode, body: res.json() as unknown });
        expect(answer(exampleAsForm), `${path}: its example as a form is refused where JSON is not`).toEqual(answer(exampleAsJson));
      }
      if ((await writeMark(t.handle)) !== exampleMark) client = await clientFor(t, c.actor.userId, c.actor.impersonatorUserId);
      // The state a refusal must leave as it is; taken again only after a reply that may have written.
      let before: Record<string, string> | null = null;
      for (const { label, input, json, raw } of mutations(call, c.input)) {
        for (const form of raw ? [false] : [false, true]) {
          before ??= await fingerprint(t.handle);
          const mark = await writeMark(t.handle);
          const res = raw
            ? await client.post(path, raw.payload, { headers: { 'content-type': raw.type } })
            : form
              ? await client.post(path, asForm(input), { form })
              : json
                ? await client.post(path, json, { headers: { 'content-type': 'application/json' } })
                : await client.post(path, input);
          const what = `${path} with ${label} (${raw ? raw.type : form ? 'form' : 'json'}): ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          expect(zEnvelope.safeParse(res.json()).success, what).toBe(true);
          if (res.statusCode >= 400) {
            if ((await writeMark(t.handle)) === mark) continue;
            const after = await fingerprint(t.handle);
            expect(withoutAudit(access, after), what).toEqual(withoutAudit(access, before));
            // A refusal that audits may have written its counters: they are the baseline from now on.
            before = after;
          } else {
            // Nothing written: the state and the session are as they were (ending or switching a session writes).
            if ((await writeMark(t.handle)) === mark) continue;
            // It wrote, and may have ended or switched the session: a new baseline and a new session.
            before = null;
            client = await clientFor(t, c.actor.userId, c.actor.impersonatorUserId);
          }
        }
      }
    });
  });
}
