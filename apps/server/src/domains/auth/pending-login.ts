import type { PublicContext } from '../../platform/context.ts';
import { newToken, tokenHash } from '../../platform/session.ts';
import * as q from './queries.ts';
import { type StepCookie, clearStepCookie, readStepCookie, setStepCookie } from './step-cookie.ts';

const LIFETIME_MS = 10 * 60_000;
/** The cookie that carries a sign-in between its first and second factor. */
const PENDING_COOKIE: StepCookie = { name: 'portal_login', path: '/api/v1/user/login', sameSite: 'strict', lifetimeMs: LIFETIME_MS };
/** Wrong second-factor answers a pending sign-in survives before it must start again. */
export const PENDING_LOGIN_MAX_ATTEMPTS = 5;

export type PendingLogin = q.PendingLogin;

export async function startPendingLogin(
  ctx: PublicContext,
  userId: number,
  firstFactor: string,
  webauthnChallenge: string | null,
): Promise<void> {
  const now = ctx.clock.now();
  const token = newToken();
  await q.insertPendingLogin(
    ctx.db,
    {
      id: tokenHash(token),
      user_id: userId,
      first_factor: firstFactor,
      webauthn_challenge: webauthnChallenge,
      created_at: now,
      expires_at: new Date(now.getTime() + LIFETIME_MS),
    },
    now,
  );
  setStepCookie(ctx, PENDING_COOKIE, token);
}

/** The live pending sign-in of this browser, or null. */
export async function findPendingLogin(ctx: PublicContext): Promise<PendingLogin | null> {
  const token = readStepCookie(ctx, PENDING_COOKIE);
  if (!token) return null;
  const row = await q.findPendingLogin(ctx.db, tokenHash(token));
  return row && row.expires_at > ctx.clock.now() ? row : null;
}

export async function endPendingLogin(ctx: PublicContext, id: string): Promise<void> {
  await q.deletePendingLogin(ctx.db, id);
  clearStepCookie(ctx, PENDING_COOKIE);
}

/**
 * Counts a wrong second-factor answer (after the refused call) and drops the sign-in at the limit. The
 * count is one statement, so answers refused in parallel each count.
 */
export async function countPendingFailure(ctx: PublicContext, row: PendingLogin): Promise<void> {
  const attempts = await q.countPendingLoginAttempt(ctx.db, row.id);
  if (attempts !== null && attempts >= PENDING_LOGIN_MAX_ATTEMPTS) await q.deletePendingLogin(ctx.db, row.id);
}
