import type { PublicContext } from '../../platform/context.ts';
import { cookieName } from '../../platform/session.ts';

/**
 * A cookie that carries a sign-in from one request to the next (the pending second factor, the single
 * sign-on round trip): HttpOnly, sent only to the path that reads it, and gone after its lifetime.
 */
export interface StepCookie {
  name: string;
  path: string;
  sameSite: 'lax' | 'strict';
  lifetimeMs: number;
}

/** Read, set and clear by one name: `__Secure-` prefixed where cookies are Secure. */
const nameOf = (ctx: PublicContext, cookie: StepCookie) => cookieName(cookie.name, ctx.config.COOKIE_SECURE, cookie.path);

export function setStepCookie(ctx: PublicContext, cookie: StepCookie, value: string): void {
  ctx.cookies.set(nameOf(ctx, cookie), value, {
    path: cookie.path,
    httpOnly: true,
    sameSite: cookie.sameSite,
    secure: ctx.config.COOKIE_SECURE,
    maxAge: cookie.lifetimeMs / 1000,
  });
}

export function readStepCookie(ctx: PublicContext, cookie: StepCookie): string | undefined {
  return ctx.cookies.get(nameOf(ctx, cookie));
}

export function clearStepCookie(ctx: PublicContext, cookie: StepCookie): void {
  ctx.cookies.clear(nameOf(ctx, cookie), { path: cookie.path, secure: ctx.config.COOKIE_SECURE });
}
