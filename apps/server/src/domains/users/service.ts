import type { CompanyUser } from '@portal/contract/companies/company-detail';
import type { SQLWrapper } from 'drizzle-orm';
import { type CallContext, hasActor, type PublicContext } from '../../platform/context.ts';
import { badInput, notFound, notLoggedIn } from '../../platform/errors.ts';
import * as tenancy from '../tenancy/service.ts';
import { hashPassword } from '../../platform/password-hash.ts';
import { passwordWeakness } from './password-strength.ts';
import * as q from './queries.ts';

export type { UserRow } from './queries.ts';

// Reads for other domains, without an access rule: the caller has decided who may see the user (requireCompany
// for a company's users, the session for the signed-in user, the address for a sign-in).

export const findUser = (ctx: Pick<CallContext, 'db'>, input: { userId: number }) => q.findUser(ctx.db, input.userId);

/** The active user with this address (any company), or null. */
export const findActiveUserByEmail = (ctx: Pick<CallContext, 'db'>, input: { email: string }) =>
  q.findActiveUserByEmail(ctx.db, input.email);

export const findPrimaryContact = (ctx: Pick<CallContext, 'db'>, input: { companyId: number }) =>
  q.findPrimaryContact(ctx.db, input.companyId);

export const listActiveUsers = (ctx: Pick<CallContext, 'db'>, input: { companyId: number }) => q.listActiveUsers(ctx.db, input.companyId);

export const listSalesStaff = (ctx: Pick<CallContext, 'db'>) => q.listStaffWithRoles(ctx.db, ['sales', 'sales_admin']);

/**
 * SQL for a company list's search and rows (companies): the ids of companies with a user whose address is like
 * the pattern, and a company's users as JSON, read from the view this domain publishes. They build a statement
 * and run nothing, so they need nothing of the context (`_ctx`).
 */
export const companyIdsWithEmailLike = (_ctx: Pick<CallContext, never>, input: { pattern: string }) =>
  q.companyIdsWithEmailLike(input.pattern);
export const usersJsonOf = (_ctx: Pick<CallContext, never>, input: { companyId: SQLWrapper }) => q.usersJsonOf(input.companyId);

/** New users as given, with their password hashes (the demo seed and test factories). */
export const createUsers = (ctx: Pick<CallContext, 'db'>, input: { rows: q.NewUser[] }) => q.insertUsers(ctx.db, input.rows);

/**
 * What let a change through with no one signed in, checked by the domain that asks: a link from the user's
 * mailbox (notifications' token), or the factors of a sign-in (auth). The change's caller names it.
 */
export type Proof = 'password reset link' | 'verification link' | 'sign-in';

/**
 * Every change below applies this rule itself (docs/decisions/0100): the user themself, a scheduled job, or
 * whoever may change the user's company (requireCompany's write rule: an admin, the company's own users, its
 * distributor); or a change whose caller names its proof, whoever is signed in.
 */
async function changeableUser(ctx: PublicContext, userId: number, proof?: Proof): Promise<q.UserRow> {
  const user = await q.findUser(ctx.db, userId);
  if (!user) throw notFound('User not found');
  // The proof stands for the user, whoever else is signed in on the browser that followed the link.
  if (proof) return user;
  if (!hasActor(ctx)) throw notLoggedIn();
  if (ctx.actor.userId !== user.id) await tenancy.requireChangeable(ctx, { companyId: user.company_id });
  return user;
}

/** A migration hands every user of a company to the company split off from it (both changed as requireCompany allows). */
export async function moveToCompany(ctx: CallContext, input: { fromCompanyId: number; toCompanyId: number }): Promise<void> {
  await tenancy.requireChangeable(ctx, { companyId: input.fromCompanyId });
  await tenancy.requireChangeable(ctx, { companyId: input.toCompanyId });
  await q.moveUsers(ctx.db, input.fromCompanyId, input.toCompanyId);
}

export async function recordLogin(
  ctx: PublicContext,
  input: { userId: number; at: Date; browserTimezone: string | undefined },
): Promise<void> {
  await changeableUser(ctx, input.userId, 'sign-in');
  await q.recordLogin(ctx.db, input.userId, input.at, input.browserTimezone);
}

/**
 * An address is unique among users, across every company; the refusal does not say where it is used, so
 * it tells a company nothing about the others (docs/decisions/0013-user-rules.md).
 */
const EMAIL_UNAVAILABLE = 'This email address cannot be used. Please choose another';

/**
 * Refuses, as a field error, an address another active user has (`forUserId` may keep their own). The
 * address stays locked until the transaction ends, so a parallel call giving it out waits and then sees it taken.
 */
export async function requireFreeEmail(
  ctx: Pick<CallContext, 'db'>,
  input: { email: string; field: string; forUserId?: number },
): Promise<void> {
  const { email, field, forUserId } = input;
  await q.lockEmail(ctx.db, email);
  const other = await q.findActiveUserByEmail(ctx.db, email);
  if (other && other.id !== forUserId) throw badInput({ [field]: EMAIL_UNAVAILABLE });
}

/** Refuses, as a field error, a password that is common or easy to guess, also from the user's own details. */
function requireStrongPassword(password: string, field: string, details: readonly string[]): void {
  const weakness = passwordWeakness(password, details);
  if (weakness) throw badInput({ [field]: weakness });
}

/** A new address is unproven: verification is cleared until a link sent to it is used. */
export async function changeEmail(ctx: CallContext, input: { userId: number; email: string; field: string }): Promise<void> {
  const { userId, email, field } = input;
  await changeableUser(ctx, userId);
  await requireFreeEmail(ctx, { email, field, forUserId: userId });
  await q.updateUser(ctx.db, userId, { email, email_verified_at: null });
}

export async function markEmailVerified(ctx: PublicContext, input: { userId: number; at: Date; proof: Proof }): Promise<void> {
  await changeableUser(ctx, input.userId, input.proof);
  await q.updateUser(ctx.db, input.userId, { email_verified_at: input.at });
}

/** Every way a password is set comes here, so every one refuses a weak password (on the field named). */
export async function setPassword(
  ctx: PublicContext,
  input: { userId: number; password: string; field?: string; proof?: Proof },
): Promise<void> {
  const { userId, password, field = 'new_password' } = input;
  const user = await changeableUser(ctx, userId, input.proof);
  requireStrongPassword(password, field, [user.email, user.contact_name]);
  await q.updateUser(ctx.db, userId, { password_hash: await hashPassword(password) });
}

/** What a user, or whoever edits the company's users, may change about them besides sign-in. */
export type Profile = Partial<Pick<q.UserRow, 'contact_name' | 'is_billing' | 'is_technical' | 'notify_weekly_usage'>>;

export async function updateProfile(ctx: CallContext, input: { userId: number; profile: Profile }): Promise<void> {
  await changeableUser(ctx, input.userId);
  await q.updateUser(ctx.db, input.userId, input.profile);
}

export async function markDeleted(ctx: CallContext, input: { userId: number; at: Date }): Promise<void> {
  await changeableUser(ctx, input.userId);
  await q.updateUser(ctx.db, input.userId, { deleted_at: input.at });
}

/** A user as a company's user list shows them (the users tab, /users); it reads nothing. */
export function companyUserView(_ctx: Pick<CallContext, never>, input: { user: q.UserRow }): CompanyUser {
  const u = input.user;
  return {
    id: u.id,
    contact_name: u.contact_name,
    email: u.email,
    is_primary_contact: u.is_primary_contact,
    is_technical: u.is_technical,
    is_billing: u.is_billing,
  };
}

/**
 * Inserts a user with a hashed password into a company the actor may change (requireCompany's write rule). A
 * taken address or a weak password is refused on the call's target_email and target_password fields.
 */
export async function createUser(
  ctx: CallContext,
  u: {
    company_id: number;
    email: string;
    contact_name: string;
    password: string;
    is_primary_contact?: boolean;
    is_billing?: boolean;
    is_technical?: boolean;
    staff_role?: q.UserRow['staff_role'];
  },
) {
  await tenancy.requireChangeable(ctx, { companyId: u.company_id });
  await requireFreeEmail(ctx, { email: u.email, field: 'target_email' });
  requireStrongPassword(u.password, 'target_password', [u.email, u.contact_name]);
  const [row] = await q.insertUsers(ctx.db, [
    {
      company_id: u.company_id,
      email: u.email,
      contact_name: u.contact_name,
      password_hash: await hashPassword(u.password),
      is_primary_contact: u.is_primary_contact ?? false,
      is_billing: u.is_billing ?? false,
      is_technical: u.is_technical ?? false,
      staff_role: u.staff_role ?? null,
      created_at: ctx.clock.now(),
    },
  ]);
  if (!row) throw new Error('user insert returned nothing');
  return row;
}
