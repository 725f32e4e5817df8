import type { PublicContext } from '../../platform/context.ts';

/**
 * Sets the cookie that carries a sign-in from one request to the next (the pending second factor, the
 * single sign-on round trip): HttpOnly, sent only to the path that reads it, and gone after its lifetime.
 */
export function setStepCookie(
  ctx: PublicContext,
  name: string,
  value: string,
  o: { path: string; sameSite: 'lax' | 'strict'; lifetimeMs: number },
): void {
  ctx.cookies.set(name, value, {
    path: o.path,
    httpOnly: true,
    sameSite: o.sameSite,
    secure: ctx.config.COOKIE_SECURE,
    maxAge: o.lifetimeMs / 1000,
  });
}
