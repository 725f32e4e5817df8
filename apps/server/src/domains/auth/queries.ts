import { and, desc, eq, getViewSelectedFields, gt, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Database, preparedPerHandle } from '../../platform/db.ts';
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

/** Every signed-in request runs this lookup. */
const sessionWithAccount = preparedPerHandle((db) =>
  db
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
    .prepare('session_with_account'),
);

/** The unexpired session with the hashed id, with its user's account (and the admin's, while impersonating). */
export async function findSessionWithAccount(db: Database, id: string, now: Date) {
  const [row] = await sessionWithAccount(db).execute({ id, now });
  return row ?? null;
}

/** A user's account (the `user_accounts` view), for acting as them without a session: a reply by mail. */
export async function findAccount(db: Database, userId: number) {
  const [row] = await db.select(getViewSelectedFields(userAccounts)).from(userAccounts).where(eq(userAccounts.user_id, userId)).limit(1);
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

/** Deletes the sessions of every user of the company; returns how many ended. */
export async function deleteCompanySessions(db: Database, companyId: number): Promise<number> {
  const members = db.select({ id: userAccounts.user_id }).from(userAccounts).where(eq(userAccounts.company_id, companyId));
  const rows = await db.delete(sessions).where(inArray(sessions.user_id, members)).returning({ id: sessions.id });
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

export async function findThrottle(db: Database, key: string): Promise<ThrottleRow | null> {
  const [row] = await db.select().from(authThrottle).where(eq(authThrottle.key, key));
  return row ?? null;
}

export interface ThrottleRule {
  windowMs: number;
  /** Failures before each try must wait 2^(failures - slowAfter) seconds since the last, up to maxDelaySeconds. */
  slowAfter: number | null;
  maxDelaySeconds: number;
  blockAfter: number;
  blockMs: number;
}

/**
 * Counts one attempt against the key in one statement, unless the key must wait (blocked, or slowed
 * and tried too soon): the counted row, or null when refused. Parallel attempts queue on the row, so
 * each is decided on the count of those before it.
 */
export async function countAttempt(db: Database, key: string, now: Date, rule: ThrottleRule): Promise<ThrottleRow | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const t = authThrottle;
  const blocked = sql`${t.blocked_until} > ${at}`;
  const expired = sql`(${t.window_started_at} < ${at} - ${rule.windowMs}::int * interval '1 millisecond' and not coalesce(${blocked}, false))`;
  const counted = sql`case when ${expired} then 1 else ${t.failures} + 1 end`;
  const delay = sql`least(power(2, least(${t.failures} - ${rule.slowAfter}::int, 16)), ${rule.maxDelaySeconds}::int) * interval '1 second'`;
  const slowed =
    rule.slowAfter === null ? sql`false` : sql`(${t.failures} >= ${rule.slowAfter}::int and ${t.last_failure_at} + ${delay} > ${at})`;
  const blockUntil = sql`${at} + ${rule.blockMs}::int * interval '1 millisecond'`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, window_started_at: now, last_failure_at: now, blocked_until: null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: counted,
        window_started_at: sql`case when ${expired} then ${at} else ${t.window_started_at} end`,
        last_failure_at: now,
        blocked_until: sql`case when ${counted} >= ${rule.blockAfter}::int then ${blockUntil} else null end`,
      },
      setWhere: sql`not coalesce(${blocked}, false) and (${expired} or not ${slowed})`,
    })
    .returning();
  return row ?? null;
}

/** Takes back one counted attempt (it succeeded, or another key refused it). */
export async function uncountAttempt(db: Database, key: string): Promise<void> {
  await db
    .update(authThrottle)
    .set({ failures: sql`greatest(${authThrottle.failures} - 1, 0)` })
    .where(eq(authThrottle.key, key));
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

/** Adds one wrong answer to the pending sign-in: the new count, or null when it has gone. */
export async function countPendingLoginAttempt(db: Database, id: string): Promise<number | null> {
  const [row] = await db
    .update(pendingLogins)
    .set({ attempts: sql`${pendingLogins.attempts} + 1` })
    .where(eq(pendingLogins.id, id))
    .returning({ attempts: pendingLogins.attempts });
  return row?.attempts ?? null;
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
