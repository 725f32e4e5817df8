import { ALL_CALLS } from '@portal/contract/all-calls';
import { type Call, isPublic } from '@portal/contract/shared/define-call';
import { zEnvelope } from '@portal/contract/shared/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../test/database.ts';
import { type TestContext, createTestContext } from '../test/harness.ts';
import { hasCompanyScope, sampleInput } from './sample-input.ts';
import { ACTOR_NAMES, type MatrixActor, buildWorld, clientFor, relatedInput } from './world.ts';

/**
 * Every call × every actor, generated from the contract list. An actor outside the call's
 * roles must be refused; an actor inside them must be refused when the call aims at a company
 * it may not reach. A refused call writes nothing.
 */
let t: TestContext;
let world: Awaited<ReturnType<typeof buildWorld>>;
beforeAll(async () => {
  t = await createTestContext();
  world = await buildWorld(t);
});
afterAll(() => t.close());

type Expectation = 'refuse' | 'allow' | 'staff';

function expectation(call: Call, actor: MatrixActor): Expectation {
  if (isPublic(call.access)) return 'allow';
  const ctx = actor.context;
  if (!ctx) return 'refuse';
  const { roles, capability } = call.access;
  if (!roles.some((r) => ctx.roles.includes(r))) return 'refuse';
  if (capability && !ctx.capabilities.includes(capability)) return 'refuse';
  const impersonating = ctx.roles.includes('admin_impersonating');
  if (call.access.selfOnly && impersonating) return 'refuse';
  if (!hasCompanyScope(call)) return 'allow';
  if (ctx.roles.includes('admin') && !impersonating) return 'allow';
  const victim = world.victim.company;
  if (ctx.company_id === victim.id) return 'allow';
  if (ctx.roles.includes('distributor') && victim.distributor_id === ctx.company_id) return 'allow';
  // Support and sales read every company but change none: either answer is within their access.
  if (ctx.roles.some((r) => r === 'support' || r === 'sales') && !impersonating) return 'staff';
  return 'refuse';
}

const cases = ALL_CALLS.flatMap((call) => ACTOR_NAMES.map((name) => [call.path, name, call] as const));

describe('authorization matrix', () => {
  it.each(cases)('%s as %s', async (_path, name, call) => {
    const actor = world.actors.find((a) => a.name === name) as MatrixActor;
    const client = await clientFor(t, actor.userId, actor.impersonatorUserId);
    const input = { ...sampleInput(call, world.victim.company.id), ...(await relatedInput(t, world, call.path)) };
    const before = await fingerprint(t.handle);
    const res = await client.post(call.path, input);
    const body = res.json();
    expect(zEnvelope.safeParse(body).success, JSON.stringify(body)).toBe(true);
    expect(res.statusCode).toBeLessThan(500);

    const expected = expectation(call, actor);
    if (expected === 'refuse') {
      expect([401, 403, 404], `${name} got ${res.statusCode}: ${JSON.stringify(body)}`).toContain(res.statusCode);
      if (actor.userId === null) expect(res.statusCode).toBe(401);
      expect(await fingerprint(t.handle)).toEqual(before);
    } else if (expected === 'allow') {
      expect([401, 403, 404], `${name} was refused: ${JSON.stringify(body)}`).not.toContain(res.statusCode);
    } else {
      expect(res.statusCode).not.toBe(401);
      if (res.statusCode >= 400) expect(await fingerprint(t.handle)).toEqual(before);
    }
  });
});
