import { ALL_CALLS } from '@portal/contract/all-calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_HANDLERS } from '../handlers.ts';
import type { Actor } from '../platform/access.ts';
import { runInContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { fingerprint } from '../test/database.ts';
import { READ_ONLY_PATHS, ownedFactory } from '../test/factories.ts';
import { type TestContext, createTestContext } from '../test/harness.ts';
import { readSnapshot, reviewedAccess } from './access-snapshot.ts';
import { expectation, knownAnswer, withoutAudit } from './expectations.ts';
import { ownedFields } from './sample-input.ts';
import { ACTOR_NAMES, type ActorName, SUITE_ENV, type World, buildWorld, prepareCase } from './world.ts';

/**
 * Every call × every actor, generated from the contract list, with expectations from the reviewed access
 * snapshot. Every owned id of a call points at a row of a fresh victim, and each case must get the exact
 * status the rules in expectations.ts derive from the access and the actor's relation to the victim: 401
 * signed out, 403 for a role or capability the access does not name, 404 for another company's row, 403
 * for staff changing a company, a 200 where the actor reaches every row. A refused call writes nothing.
 * Calls with several owned ids are also sent by another tenant's users with one id at a time on the victim
 * and the others on their own rows, so a row must belong to the company the call was checked for.
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
    const expected = known
      ? { status: known.status, message: known.message, rule: known.why }
      : expectation(access, path, c.actor, c.owned, READ_ONLY_PATHS.has(path));
    // The exact status the rule gives, so a refusal for the wrong reason (or a 404 where staff must get
    // 403) fails; the message where the refusal's words are fixed.
    expect(res.code, `${expected.rule}: ${what}`).toBe(expected.status);
    if (expected.message !== undefined) expect(res.message, `${expected.rule}: ${what}`).toBe(expected.message);
    if (res.code >= 400) await wroteNothing();
    // A call that only reads writes nothing, whoever calls it and whatever it answers.
    if (READ_ONLY_PATHS.has(path)) await wroteNothing();
  });
});

/**
 * The company rule behind the access rule: staff see every company but only admins change one
 * (tenancy requireCompany). No call's access lets support or sales into a change of a company today, so
 * the matrix above never asks that rule; here every handler that may write, aimed at a victim's rows,
 * runs as support and as sales past the access check, and must leave every company row as it was (what
 * it does with its own rows is its access's business, as an admin-only invoice's). A refusal writes
 * nothing. So a call opened to staff later is already held where it changes a company.
 */
const STAFF_ACTORS: ActorName[] = ['support', 'sales'];
const companyChanges = ALL_HANDLERS.filter(
  (h) =>
    !h.readOnly &&
    !('public' in h.call.access) &&
    // A call that names a staff role decides in its service what staff may do there (the tickets' staff calls).
    !h.call.access.roles.some((r) => r === 'support' || r === 'sales' || r === 'sales_admin') &&
    ownedFields(h.call).some(({ kind }) => ownedFactory(kind).belongsTo === 'company'),
);

describe('staff change no company, past the access check too', () => {
  it('has changes to check, company administration among them', () => {
    expect(companyChanges.map((h) => h.call.path)).toContain('/api/v1/admin/company/patch');
  });

  it.each(companyChanges.flatMap((h) => STAFF_ACTORS.map((name) => [h.call.path, name, h] as const)))(
    '%s as %s',
    async (_path, name, handler) => {
      const c = await prepareCase(t, world, handler.call, name);
      const auth = c.actor.context;
      if (!auth || c.actor.userId === null) throw new Error(`${name} has no context`);
      const actor: Actor = {
        sessionId: '',
        userId: c.actor.userId,
        email: auth.email,
        label: auth.email,
        companyId: auth.company_id,
        companyType: auth.company_type,
        roles: auth.roles,
        capabilities: auth.capabilities,
        impersonatorUserId: null,
        authenticatedAt: t.clock.now(),
        twoFactorSetupPending: false,
      };
      const before = await fingerprint(t.handle);
      const source = { actor, ip: '127.0.0.1', userAgent: 'test', cookies: { get: () => undefined, set() {}, clear() {} }, log: QUIET };
      const answer = await runInContext({ ...t.app.deps, db: t.db }, source, (ctx) =>
        handler.run(handler.call.input.parse(c.input), ctx),
      ).then(
        (data) => ({ code: 200, message: JSON.stringify(data).slice(0, 300) }),
        (err: unknown) => (err instanceof AppError ? { code: err.code, message: err.message } : { code: 500, message: String(err) }),
      );
      const after = await fingerprint(t.handle);
      const what = `${name} past the access check got ${answer.code}: ${answer.message}`;
      expect(answer.code, what).toBeLessThan(500);
      // The fingerprint is keyed by table: 'companies' holds each company's row, its state and details.
      expect(after.companies, `${what}, and changed a company`).toBe(before.companies);
      if (answer.code >= 400) expect(after, `${what}, and wrote`).toEqual(before);
    },
  );
});

const QUIET = { info() {}, warn() {}, error() {} };
