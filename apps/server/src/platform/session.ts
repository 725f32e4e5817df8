import { createHash, randomBytes } from 'node:crypto';
import type { Cookies } from './context.ts';

/**
 * The session cookies. The rows behind them belong to the auth domain (its queries.ts); the
 * platform only names the cookies, reads the one handle() resolves, and sets or clears them.
 */
export const SESSION_COOKIE = 'portal_session';
/** Readable by the page, which echoes it in the x-csrf-token header (double submit). */
export const CSRF_COOKIE = 'portal_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

/** A new random token for a cookie or a link; only its hash (tokenHash) is stored. */
export const newToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** What is stored for a token, so a database leak yields no usable cookie or link. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export function setSessionCookies(cookies: Cookies, token: string, csrfToken: string, secure: boolean): void {
  const base = { path: '/', sameSite: 'lax' as const, secure, maxAge: SESSION_ABSOLUTE_MS / 1000 };
  cookies.set(SESSION_COOKIE, token, { ...base, httpOnly: true });
  cookies.set(CSRF_COOKIE, csrfToken, { ...base, httpOnly: false });
}

export function clearSessionCookies(cookies: Cookies): void {
  cookies.clear(SESSION_COOKIE, { path: '/' });
  cookies.clear(CSRF_COOKIE, { path: '/' });
}
