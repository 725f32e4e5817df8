import { hash, verify } from '@node-rs/argon2';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import * as q from './queries.ts';

export type { CompanyUserSummary, UserRow } from './queries.ts';

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

export const findActiveUserByEmail = q.findActiveUserByEmail;
export const findUser = q.findUser;
export const findPrimaryContact = q.findPrimaryContact;
export const usersJsonOf = q.usersJsonOf;
export const companyIdsWithEmailLike = q.companyIdsWithEmailLike;
export const insertUsers = q.insertUsers;
export const recordLogin = q.recordLogin;
export const moveUsers = q.moveUsers;

export function userLabel(user: Pick<q.UserRow, 'email' | 'contact_name'>): string {
  return user.contact_name ? `${user.contact_name} <${user.email}>` : user.email;
}

export async function describeUser(db: Database, id: number): Promise<string> {
  const user = await q.findUser(db, id);
  return user ? userLabel(user) : `user #${id}`;
}
export const listActiveUsers = q.listActiveUsers;
export const updateUser = q.updateUser;

export function listSalesStaff(db: Database) {
  return q.listStaffWithRoles(db, ['sales', 'sales_admin']);
}

/** Inserts a user with a hashed password; the caller has checked access and uniqueness. */
export async function createUserRow(
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
