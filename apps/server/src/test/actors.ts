import type { CompanyType } from '@portal/contract/shared/fields';
import type { StaffRole } from '@portal/contract/shared/roles';
import { type Actor, rolesFor } from '../platform/access.ts';

/** Who asks, for a table of access rules: a user of a company of a type, a staff role, maybe an admin signed in as them. */
export interface TableActor {
  companyId: number;
  type: CompanyType;
  staffRole?: StaffRole;
  impersonated?: boolean;
}

/** The actor a session of such a user resolves to (roles as platform/access.ts derives them). */
export function actorOf(who: TableActor, now: Date): Actor {
  return {
    sessionId: 'table',
    userId: 1,
    email: 'someone@example.com',
    label: 'someone',
    companyId: who.companyId,
    companyType: who.type,
    roles: rolesFor(who.type, who.staffRole ?? null, who.impersonated ?? false),
    capabilities: [],
    impersonatorUserId: who.impersonated ? 2 : null,
    authenticatedAt: now,
    twoFactorSetupPending: false,
  };
}

/** How a change ended in a table of access rules: it went through, or the status of its access refusal. */
export type ChangeOutcome = 'changed' | 401 | 403 | 404;

/** Makes the change and answers its outcome; any other error is the test's failure, so it is thrown on. */
export async function outcomeOf(change: () => Promise<unknown>): Promise<ChangeOutcome> {
  try {
    await change();
    return 'changed';
  } catch (err) {
    const code = (err as { code?: number }).code;
    if (code === 401 || code === 403 || code === 404) return code;
    throw err;
  }
}
