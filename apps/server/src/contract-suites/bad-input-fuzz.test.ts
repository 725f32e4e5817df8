import { ALL_CALLS } from '@portal/contract/all-calls';
import { type Call, isPublic } from '@portal/contract/shared/define-call';
import { NULL_MARKER } from '@portal/contract/shared/fields';
import { zEnvelope } from '@portal/contract/shared/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../test/database.ts';
import { type TestContext, createTestContext } from '../test/harness.ts';
import { sampleInput } from './sample-input.ts';
import { buildWorld, clientFor, relatedInput } from './world.ts';

/**
 * Bad input for every field of every call, generated from the contract list, sent as JSON
 * and as a form. No reply may be a 5xx or fall outside the envelope, and a refused call
 * may not write a row.
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

let t: TestContext;
let world: Awaited<ReturnType<typeof buildWorld>>;
beforeAll(async () => {
  t = await createTestContext();
  world = await buildWorld(t);
});
afterAll(() => t.close());

/** The most powerful caller the call allows, so input checks are reached rather than access checks. */
function callerFor(call: Call) {
  if (isPublic(call.access)) return world.actors.find((a) => a.name === 'anonymous');
  const roles = call.access.roles;
  const name =
    roles.includes('admin') || roles.includes('any') ? 'admin' : roles.includes('admin_impersonating') ? 'admin impersonating' : undefined;
  return world.actors.find((a) => a.name === (name ?? 'admin'));
}

function asForm(input: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}

function mutations(call: Call, valid: Record<string, unknown>) {
  const out: [string, Record<string, unknown>][] = [];
  for (const key of Object.keys(call.input.shape)) {
    const { [key]: _, ...without } = valid;
    out.push([`${key} missing`, without]);
    for (const [label, value] of BAD_VALUES) out.push([`${key} = ${label}`, { ...valid, [key]: value }]);
  }
  out.push(['an unknown field', { ...valid, unknown_field: 'ignored' }]);
  out.push(['every field unicode', Object.fromEntries(Object.keys(valid).map((k) => [k, 'ünïcödé']))]);
  return out;
}

/** The tables a call that audits its refusals may write while refusing. */
const REFUSAL_AUDIT_TABLES = ['auth_throttle', 'company_events', 'pending_logins'];
function withoutAudit(call: Call, state: Record<string, string>) {
  if (!call.auditsRefusals) return state;
  return Object.fromEntries(Object.entries(state).filter(([table]) => !REFUSAL_AUDIT_TABLES.includes(table)));
}

describe('bad-input fuzz', () => {
  it.each(ALL_CALLS.map((c) => [c.path, c] as const))('%s', async (_path, call) => {
    const actor = callerFor(call);
    if (!actor) throw new Error(`no actor for ${call.path}`);
    const valid = { ...sampleInput(call, world.victim.company.id), ...(await relatedInput(t, world, call.path)) };
    let state = await fingerprint(t.handle);
    for (const [label, input] of mutations(call, valid)) {
      for (const form of [false, true]) {
        const client = await clientFor(t, actor.userId, actor.impersonatorUserId);
        state = await fingerprint(t.handle);
        const res = await client.post(call.path, form ? asForm(input) : input, { form });
        const what = `${call.path} with ${label} (${form ? 'form' : 'json'}): ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        expect(zEnvelope.safeParse(res.json()).success, what).toBe(true);
        if (res.statusCode >= 400) expect(withoutAudit(call, await fingerprint(t.handle)), what).toEqual(withoutAudit(call, state));
      }
    }
  });

  it('answers malformed bodies with the envelope', async () => {
    const client = await clientFor(t, world.actors.find((a) => a.name === 'admin')?.userId ?? null, null);
    const path = '/api/v1/admin/company/list';
    const bad = [
      { payload: '{"not json', headers: { 'content-type': 'application/json' } },
      { payload: 'plain text', headers: { 'content-type': 'text/plain' } },
      { payload: 'x'.repeat(3 * 1024 * 1024), headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { payload: '[1, 2, 3]', headers: { 'content-type': 'application/json' } },
      { payload: '"just a string"', headers: { 'content-type': 'application/json' } },
    ];
    for (const req of bad) {
      const headers = { ...req.headers, 'x-csrf-token': client.csrf ?? '' };
      const res = await t.app.inject({ method: 'POST', url: path, cookies: client.cookies, payload: req.payload, headers });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(zEnvelope.safeParse(res.json()).success, res.body).toBe(true);
    }
  });
});
