import { type Actor, isAdmin, requireRecentAuth, requireSelf } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { AppError, notLoggedIn } from '../../platform/errors.ts';
import * as notifications from '../notifications/service.ts';
import * as users from '../users/service.ts';

/** The signed-in user's row; a user deleted meanwhile is signed out. */
export async function requireUser(ctx: CallContext): Promise<users.UserRow> {
  const user = await users.findUser(ctx, { userId: ctx.actor.userId });
  if (!user || user.deleted_at) throw notLoggedIn();
  return user;
}

export const SIGN_IN_MESSAGES = {
  primaryOnly: 'Only the primary contact can change their own password or email',
  othersSignIn: 'Only the primary contact or an admin can change the password or email of another user',
} as const;

type SignInTarget = Pick<users.UserRow, 'id' | 'is_primary_contact'>;

/**
 * Who may change how a user signs in (password, email), from My Account or the company's users. Anyone
 * holding edit_users may change a user's name and flags; the sign-in of a user belongs to that user, to
 * their company's primary contact and to admins, and the primary contact's to the primary contact alone.
 * Never to an admin signed in as a user (requireSelf), and only with a recent check, since a stolen
 * session must not turn into the account (issue 9). Returns why not, or null.
 */
function signInRefusal(actor: Actor, target: SignInTarget, actorIsPrimary: boolean): keyof typeof SIGN_IN_MESSAGES | null {
  if (target.id === actor.userId) return null;
  if (target.is_primary_contact) return 'primaryOnly';
  return isAdmin(actor) || actorIsPrimary ? null : 'othersSignIn';
}

export async function requireMayChangeSignIn(ctx: CallContext, companyId: number, target: SignInTarget): Promise<void> {
  const { actor } = ctx;
  requireSelf(actor);
  const me = actor.companyId === companyId && target.id !== actor.userId ? await users.findUser(ctx, { userId: actor.userId }) : null;
  const refusal = signInRefusal(actor, target, me?.is_primary_contact ?? false);
  if (refusal) throw new AppError(403, SIGN_IN_MESSAGES[refusal]);
  requireRecentAuth(actor, ctx.clock.now());
}

/** The same rule for every user of a company list (which holds the caller when it is their company), so the form offers only what is allowed. */
export function mayChangeSignIn(actor: Actor, companyUsers: readonly users.UserRow[]): (target: SignInTarget) => boolean {
  if (actor.impersonatorUserId !== null) return () => false;
  const actorIsPrimary = companyUsers.some((u) => u.id === actor.userId && u.is_primary_contact);
  return (target) => signInRefusal(actor, target, actorIsPrimary) === null;
}

/** The address the input asks for when it is not the user's own (addresses compare case-blind), else null. */
export function newEmailOf(user: Pick<users.UserRow, 'email'>, email: string | undefined): string | null {
  return email !== undefined && email.toLowerCase() !== user.email.toLowerCase() ? email : null;
}

/**
 * Every change of a user's address comes here: a new address is unproven, so it is stored unverified and a
 * link to verify it is mailed there. A taken address is refused on `field`.
 */
export async function changeEmail(ctx: CallContext, user: users.UserRow, email: string, field: string): Promise<void> {
  await users.changeEmail(ctx, { userId: user.id, email, field });
  await notifications.sendVerificationMail(ctx, { ...user, email });
}
