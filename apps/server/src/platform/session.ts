import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Clock } from './clock.ts';
import type { Database } from './db.ts';
import { companies, sessions, users } from './schema.ts';

export const SESSION_COOKIE = 'portal_session';
/** Readable by the page, which echoes it in the x-csrf-token header (double submit). */
export const CSRF_COOKIE = 'portal_csrf';
export const CSRF_HEADER = 'x-csrf-token';

const IDLE_MS = 24 * 60 * 60 * 1000;
const ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60 * 1000;

export type SessionRow = typeof sessions.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createSession(
  db: Database,
  clock: Clock,
  opts: { userId: number; impersonatorUserId?: number | null; ip: string; userAgent: string },
): Promise<{ token: string; row: SessionRow }> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  const [row] = await db
    .insert(sessions)
    .values({
      id: hashToken(token),
      user_id: opts.userId,
      impersonator_user_id: opts.impersonatorUserId ?? null,
      csrf_token: randomBytes(24).toString('base64url'),
      ip: opts.ip,
      user_agent: opts.userAgent.slice(0, 500),
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + ABSOLUTE_MS),
      public_id: randomBytes(12).toString('base64url'),
      authenticated_at: now,
    })
    .returning();
  if (!row) throw new Error('session insert returned nothing');
  return { token, row };
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export function setSessionCookies(reply: FastifyReply, token: string, csrfToken: string, secure: boolean): void {
  const base = { path: '/', sameSite: 'lax' as const, secure, maxAge: ABSOLUTE_MS / 1000 };
  reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, csrfToken, { ...base, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(CSRF_COOKIE, { path: '/' });
}

export function sessionToken(req: FastifyRequest): string | undefined {
  return req.cookies[SESSION_COOKIE];
}

function prepareSessionWithActor(db: Database) {
  return db
    .select({ session: sessions, user: users, company: companies })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .innerJoin(companies, eq(companies.id, users.company_id))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expires_at, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_with_actor');
}
/** Every signed-in request runs this lookup; it is prepared once per database handle. */
const preparedLookups = new WeakMap<Database, ReturnType<typeof prepareSessionWithActor>>();

/** The live session for a cookie token with its user and company, or null; expired and idle sessions are not returned. */
export async function findSessionWithActor(db: Database, clock: Clock, token: string) {
  const now = clock.now();
  let lookup = preparedLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionWithActor(db);
    preparedLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ id: hashToken(token), now });
  if (!row || now.getTime() - row.session.last_seen_at.getTime() > IDLE_MS) return null;
  if (now.getTime() - row.session.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.id, row.session.id));
  }
  return row;
}

/** Signs a user out everywhere, or everywhere but one session (after a password change, for instance). */
export async function deleteUserSessions(db: Database, userId: number, exceptSessionId?: string): Promise<number> {
  const where = exceptSessionId ? and(eq(sessions.user_id, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.user_id, userId);
  const rows = await db.delete(sessions).where(where).returning({ id: sessions.id });
  return rows.length;
}

/** Records that the session's user has just proved who they are again. */
export async function markAuthenticated(db: Database, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ authenticated_at: at }).where(eq(sessions.id, sessionId));
}
