import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../platform/db.ts';
import type { CallContext } from '../../platform/handle.ts';
import { pendingLogins } from './tables.ts';

/** The cookie that carries a sign-in between its first and second factor. */
export const PENDING_LOGIN_COOKIE = 'portal_login';
const LIFETIME_MS = 10 * 60_000;
/** Wrong second-factor answers a pending sign-in survives before it must start again. */
export const PENDING_LOGIN_MAX_ATTEMPTS = 5;

export type PendingLogin = typeof pendingLogins.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function startPendingLogin(
  ctx: CallContext,
  userId: number,
  firstFactor: string,
  webauthnChallenge: string | null,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.delete(pendingLogins).where(lt(pendingLogins.expires_at, now));
  const token = randomBytes(32).toString('base64url');
  await ctx.db.insert(pendingLogins).values({
    id: hashToken(token),
    user_id: userId,
    first_factor: firstFactor,
    webauthn_challenge: webauthnChallenge,
    created_at: now,
    expires_at: new Date(now.getTime() + LIFETIME_MS),
  });
  ctx.reply.setCookie(PENDING_LOGIN_COOKIE, token, {
    path: '/api/v1/user/login',
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.COOKIE_SECURE,
    maxAge: LIFETIME_MS / 1000,
  });
}

/** The live pending sign-in of this browser, or null. */
export async function findPendingLogin(ctx: CallContext): Promise<PendingLogin | null> {
  const token = ctx.req.cookies[PENDING_LOGIN_COOKIE];
  if (!token) return null;
  const [row] = await ctx.db
    .select()
    .from(pendingLogins)
    .where(eq(pendingLogins.id, hashToken(token)));
  return row && row.expires_at > ctx.clock.now() ? row : null;
}

export async function endPendingLogin(ctx: CallContext, id: string): Promise<void> {
  await ctx.db.delete(pendingLogins).where(eq(pendingLogins.id, id));
  ctx.reply.clearCookie(PENDING_LOGIN_COOKIE, { path: '/api/v1/user/login' });
}

/** Counts a wrong second-factor answer (on the pool, after the refused call) and drops the sign-in at the limit. */
export async function countPendingFailure(pool: Database, row: PendingLogin): Promise<void> {
  if (row.attempts + 1 >= PENDING_LOGIN_MAX_ATTEMPTS) await pool.delete(pendingLogins).where(eq(pendingLogins.id, row.id));
  else
    await pool
      .update(pendingLogins)
      .set({ attempts: row.attempts + 1 })
      .where(eq(pendingLogins.id, row.id));
}
