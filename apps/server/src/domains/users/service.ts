import type { CompanyUser } from '@portal/contract/companies/company-detail';
import { hash, verify } from '@node-rs/argon2';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { badInput } from '../../platform/errors.ts';
import { passwordWeakness } from './password-strength.ts';
import * as q from './queries.ts';

export type { UserRow } from './queries.ts';
/** Reads and writes other domains use as they are; the rules are below. */
export {
  companyIdsWithEmailLike,
  findActiveUserByEmail,
  findPrimaryContact,
  findUser,
  /** New users as given, with their password hashes (the demo seed and test factories). */
  insertUsers as createUsers,
  listActiveUsers,
  /** A migration hands every user of a company to the company split off from it. */
  moveUsers as moveToCompany,
  recordLogin,
  usersJsonOf,
} from './queries.ts';

/**
 * An address is unique among users, across every company; the refusal does not say where it is used, so
 * it tells a company nothing about the others (docs/decisions/0013-user-rules.md).
 */
const EMAIL_UNAVAILABLE = 'This email address cannot be used. Please choose another';

/** argon2id with the OWASP-recommended minimum cost. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

/** A hash of nothing, checked when no user exists so that both answers take the same time. */
let decoyHash: Promise<string> | null = null;

export async function checkPassword(user: q.UserRow | null, password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy password that matches no account');
  const stored = user?.password_hash ?? (await decoyHash);
  const ok = await verify(stored, password).catch(() => false);
  return ok && !!user?.password_hash;
}

/**
 * Refuses, as a field error, an address another active user has (`forUserId` may keep their own). The
 * address stays locked until the transaction ends, so a parallel call giving it out waits and then sees it taken.
 */
export async function requireFreeEmail(db: Database, email: string, field: string, forUserId?: number): Promise<void> {
  await q.lockEmail(db, email);
  const other = await q.findActiveUserByEmail(db, email);
  if (other && other.id !== forUserId) throw badInput({ [field]: EMAIL_UNAVAILABLE });
}

/** Refuses, as a field error, a password that is common or easy to guess, also from the user's own details. */
function requireStrongPassword(password: string, field: string, details: readonly string[]): void {
  const weakness = passwordWeakness(password, details);
  if (weakness) throw badInput({ [field]: weakness });
}

/** A new address is unproven: verification is cleared until a link sent to it is used. */
export async function changeEmail(db: Database, userId: number, email: string, field: string): Promise<void> {
  await requireFreeEmail(db, email, field, userId);
  await q.updateUser(db, userId, { email, email_verified_at: null });
}

export async function markEmailVerified(db: Database, userId: number, at: Date): Promise<void> {
  await q.updateUser(db, userId, { email_verified_at: at });
}

/** Every way a password is set comes here, so every one refuses a weak password (on the field named). */
export async function setPassword(db: Database, userId: number, password: string, field = 'new_password'): Promise<void> {
  const user = await q.findUser(db, userId);
  requireStrongPassword(password, field, user ? [user.email, user.contact_name] : []);
  await q.updateUser(db, userId, { password_hash: await hashPassword(password) });
}

/** What a user, or whoever edits the company's users, may change about them besides sign-in. */
export type Profile = Partial<Pick<q.UserRow, 'contact_name' | 'is_billing' | 'is_technical' | 'notify_weekly_usage'>>;

export async function updateProfile(db: Database, userId: number, profile: Profile): Promise<void> {
  await q.updateUser(db, userId, profile);
}

export async function markDeleted(db: Database, userId: number, at: Date): Promise<void> {
  await q.updateUser(db, userId, { deleted_at: at });
}

/** A user as a company's user list shows them (the users tab, /users). */
export function companyUserView(u: q.UserRow): CompanyUser {
  return {
    id: u.id,
    contact_name: u.contact_name,
    email: u.email,
    is_primary_contact: u.is_primary_contact,
    is_technical: u.is_technical,
    is_billing: u.is_billing,
  };
}

export function userLabel(user: Pick<q.UserRow, 'email' | 'contact_name'>): string {
  return user.contact_name ? `${user.contact_name} <${user.email}>` : user.email;
}

export function listSalesStaff(db: Database) {
  return q.listStaffWithRoles(db, ['sales', 'sales_admin']);
}

/**
 * Inserts a user with a hashed password; the caller has checked access. A taken address or a weak
 * password is refused on the call's target_email and target_password fields.
 */
export async function createUser(
  db: Database,
  clock: Clock,
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
  await requireFreeEmail(db, u.email, 'target_email');
  requireStrongPassword(u.password, 'target_password', [u.email, u.contact_name]);
  const [row] = await q.insertUsers(db, [
    {
      company_id: u.company_id,
      email: u.email,
      contact_name: u.contact_name,
      password_hash: await hashPassword(u.password),
      is_primary_contact: u.is_primary_contact ?? false,
      is_billing: u.is_billing ?? false,
      is_technical: u.is_technical ?? false,
      staff_role: u.staff_role ?? null,
      created_at: clock.now(),
    },
  ]);
  if (!row) throw new Error('user insert returned nothing');
  return row;
}
