import type { AuthContext } from '@portal/contract/auth/auth-context';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { TestClient, type TestContext, newCompany, newUser } from '../test/harness.ts';

export const ACTOR_NAMES = [
  'anonymous',
  'customer',
  'customer of another company',
  'distributor',
  'another distributor',
  'support',
  'sales',
  'admin',
  'admin impersonating',
] as const;
export type ActorName = (typeof ACTOR_NAMES)[number];

export interface MatrixActor {
  name: ActorName;
  userId: number | null;
  impersonatorUserId: number | null;
  context: AuthContext | null;
}

/**
 * The tenants the generated suites play with. The victim is a customer of distributor A;
 * every company-id field of every call is aimed at it.
 */
export async function buildWorld(t: TestContext) {
  const staff = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE', staff_role: 'admin' });
  const support = await newUser(t.db, staff.company.id, { staff_role: 'support' });
  const sales = await newUser(t.db, staff.company.id, { staff_role: 'sales' });
  const distA = await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE' });
  const distB = await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE' });
  const victim = await newCompany(t.db, { company_type: 'customer', current_state: 'ACTIVE', distributor_id: distA.company.id });
  const other = await newCompany(t.db, { company_type: 'customer', current_state: 'ACTIVE', distributor_id: distB.company.id });

  const users: Record<ActorName, { userId: number | null; impersonatorUserId: number | null }> = {
    anonymous: { userId: null, impersonatorUserId: null },
    customer: { userId: victim.user.id, impersonatorUserId: null },
    'customer of another company': { userId: other.user.id, impersonatorUserId: null },
    distributor: { userId: distA.user.id, impersonatorUserId: null },
    'another distributor': { userId: distB.user.id, impersonatorUserId: null },
    support: { userId: support.id, impersonatorUserId: null },
    sales: { userId: sales.id, impersonatorUserId: null },
    admin: { userId: staff.user.id, impersonatorUserId: null },
    // Impersonating the victim's own company: it must reach the victim, but gain no admin powers.
    'admin impersonating': { userId: victim.user.id, impersonatorUserId: staff.user.id },
  };

  const actors: MatrixActor[] = [];
  for (const name of ACTOR_NAMES) {
    const u = users[name];
    const client = await clientFor(t, u.userId, u.impersonatorUserId);
    const context = u.userId === null ? null : ((await client.call(getAuthContext, {})).data as AuthContext);
    actors.push({ name, ...u, context });
  }
  return { victim, actors, distA };
}

/** Calls aimed at a user: each case gets a fresh non-primary user of the victim, since some delete it. */
const USER_TARGETED = new Set(['/api/v1/user/patch_user', '/api/v1/user/delete_user']);

/** Input a call needs beyond what its schema can sample: rows related to the victim company. */
export async function relatedInput(t: TestContext, world: Awaited<ReturnType<typeof buildWorld>>, path: string) {
  if (USER_TARGETED.has(path)) return { target_id: (await newUser(t.db, world.victim.company.id)).id };
  return {};
}

/** A client with a brand-new session, so calls that end or switch sessions cannot disturb the next. */
export async function clientFor(t: TestContext, userId: number | null, impersonatorUserId: number | null) {
  const client = new TestClient(t.app);
  if (userId !== null) await client.useSession(t.db, t.clock, userId, impersonatorUserId);
  return client;
}
