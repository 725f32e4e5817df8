import { and, desc, eq, getViewSelectedFields, gt, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db.ts';
import { authThrottle, companySso, pendingLogins, sessions, ssoStates, usedBotChallenges, userAccounts } from './tables.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type AccountRow = typeof userAccounts.$inferSelect;
export type ThrottleRow = typeof authThrottle.$inferSelect;
export type PendingLogin = typeof pendingLogins.$inferSelect;
export type SsoRow = typeof companySso.$inferSelect;
export type SsoState = typeof ssoStates.$inferSelect;

// Sessions

export async function insertSession(db: Database, row: NewSession): Promise<SessionRow> {
  const [inserted] = await db.insert(sessions).values(row).returning();
  if (!inserted) throw new Error('session insert returned nothing');
  return inserted;
}

const impersonator = alias(userAccounts, 'impersonator');

function prepareSessionWithAccount(db: Database) {
  return db
    .select({
      session: sessions,
      account: getViewSelectedFields(userAccounts),
      impersonator: { email: impersonator.email, contact_name: impersonator.contact_name },
    })
    .from(sessions)
    .innerJoin(userAccounts, eq(userAccounts.user_id, sessions.user_id))
    .leftJoin(impersonator, eq(impersonator.user_id, sessions.impersonator_user_id))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expires_at, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_with_account');
}
/** Every signed-in request runs this lookup; it is prepared once per database handle. */
const preparedLookups = new WeakMap<Database, ReturnType<typeof prepareSessionWithAccount>>();

/** The unexpired session with the hashed id, with its user's account (and the admin's, while impersonating). */
export async function findSessionWithAccount(db: Database, id: string, now: Date) {
  let lookup = preparedLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionWithAccount(db);
    preparedLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ id, now });
  return row ?? null;
}

export async function touchSession(db: Database, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ last_seen_at: at }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Deletes the user's sessions, or all but one; returns how many ended. */
export async function deleteUserSessions(db: Database, userId: number, exceptSessionId?: string): Promise<number> {
  const where = exceptSessionId ? and(eq(sessions.user_id, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.user_id, userId);
  const rows = await db.delete(sessions).where(where).returning({ id: sessions.id });
  return rows.length;
}

export async function markAuthenticated(db: Database, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ authenticated_at: at }).where(eq(sessions.id, sessionId));
}

export async function listLiveSessions(db: Database, userId: number, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.user_id, userId), gt(sessions.expires_at, now)))
    .orderBy(desc(sessions.last_seen_at));
}

export async function findUserSessionByPublicId(db: Database, userId: number, publicId: string): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.public_id, publicId), eq(sessions.user_id, userId)));
  return row ?? null;
}

/** Whether the user already has a session from this address and browser. */
export async function hasSessionFrom(db: Database, userId: number, ip: string, userAgent: string): Promise<boolean> {
  const [seen] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.user_id, userId), eq(sessions.ip, ip), eq(sessions.user_agent, userAgent)))
    .limit(1);
  return seen !== undefined;
}

// Sign-in throttle

export async function findThrottles(db: Database, keys: string[]): Promise<ThrottleRow[]> {
  return db.select().from(authThrottle).where(inArray(authThrottle.key, keys));
}

export async function findThrottle(db: Database, key: string): Promise<ThrottleRow | null> {
  const [row] = await db.select().from(authThrottle).where(eq(authThrottle.key, key));
  return row ?? null;
}

export async function saveThrottle(db: Database, row: ThrottleRow): Promise<void> {
  const { key, ...values } = row;
  await db.insert(authThrottle).values(row).onConflictDoUpdate({ target: authThrottle.key, set: values });
}

export async function deleteThrottle(db: Database, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

// Sign-ins waiting for their second factor

export async function insertPendingLogin(db: Database, row: typeof pendingLogins.$inferInsert, now: Date): Promise<void> {
  await db.delete(pendingLogins).where(lt(pendingLogins.expires_at, now));
  await db.insert(pendingLogins).values(row);
}

export async function findPendingLogin(db: Database, id: string): Promise<PendingLogin | null> {
  const [row] = await db.select().from(pendingLogins).where(eq(pendingLogins.id, id));
  return row ?? null;
}

export async function deletePendingLogin(db: Database, id: string): Promise<void> {
  await db.delete(pendingLogins).where(eq(pendingLogins.id, id));
}

export async function setPendingLoginAttempts(db: Database, id: string, attempts: number): Promise<void> {
  await db.update(pendingLogins).set({ attempts }).where(eq(pendingLogins.id, id));
}

// Single sign-on

export async function findEnabledSsoForDomain(db: Database, domain: string): Promise<SsoRow | null> {
  const [row] = await db
    .select()
    .from(companySso)
    .where(and(eq(companySso.email_domain, domain), eq(companySso.enabled, true)));
  return row ?? null;
}

export async function findSso(db: Database, companyId: number): Promise<SsoRow | null> {
  const [row] = await db.select().from(companySso).where(eq(companySso.company_id, companyId));
  return row ?? null;
}

export async function saveSso(db: Database, row: typeof companySso.$inferInsert): Promise<void> {
  const { company_id, ...values } = row;
  await db.insert(companySso).values(row).onConflictDoUpdate({ target: companySso.company_id, set: values });
}

export async function insertSsoState(db: Database, row: SsoState, now: Date): Promise<void> {
  await db.delete(ssoStates).where(lt(ssoStates.expires_at, now));
  await db.insert(ssoStates).values(row);
}

/** Takes a state (it is good for one callback): the row, or null when unknown. */
export async function takeSsoState(db: Database, state: string): Promise<SsoState | null> {
  const [row] = await db.delete(ssoStates).where(eq(ssoStates.state, state)).returning();
  return row ?? null;
}

// Bot challenges

/** Records a solved bot challenge; false when it was already used. */
export async function useBotChallenge(db: Database, signature: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(usedBotChallenges)
    .values({ signature, expires_at: expiresAt })
    .onConflictDoNothing()
    .returning({ signature: usedBotChallenges.signature });
  return rows.length === 1;
}

/** Deletes the used challenges that can no longer be replayed anyway. */
export async function deleteExpiredChallenges(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(usedBotChallenges)
    .where(lte(usedBotChallenges.expires_at, now))
    .returning({ signature: usedBotChallenges.signature });
  return rows.length;
}
