import { hash, verify } from '@node-rs/argon2';
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

export function userLabel(user: Pick<q.UserRow, 'email' | 'contact_name'>): string {
  return user.contact_name ? `${user.contact_name} <${user.email}>` : user.email;
}

export async function describeUser(db: Database, id: number): Promise<string> {
  const user = await q.findUser(db, id);
  return user ? userLabel(user) : `user #${id}`;
}
