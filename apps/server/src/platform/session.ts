import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Cookies } from './context.ts';

/**
 * The session cookies. The rows behind them belong to the auth domain (its queries.ts); the
 * platform only names the cookies, reads the one handle() resolves, and sets or clears them.
 * These are the names over plain-http development; https prefixes them (cookieName).
 */
export const SESSION_COOKIE = 'portal_session';
/** Readable by the page, which echoes it in the x-csrf-token header (double submit). */
export const CSRF_COOKIE = 'portal_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/**
 * The name a cookie goes by where cookies are (or are not) Secure. A browser keeps a `__Host-` cookie
 * only if it is Secure, for path / and without a domain, so no sibling subdomain and no plain-http page
 * can plant or overwrite it (session fixation, CSRF token planting). A cookie for a narrower path
 * cannot be `__Host-`; `__Secure-` at least keeps plain-http pages from planting it. Plain-http
 * development cannot set Secure cookies, so it keeps the plain names. Read, set and clear a cookie
 * by the same name.
 */
export function cookieName(name: string, secure: boolean, path = '/'): string {
  if (!secure) return name;
  return `${path === '/' ? '__Host-' : '__Secure-'}${name}`;
}

/** The names of the session and CSRF cookies where cookies are (or are not) Secure. */
export function sessionCookieNames(secure: boolean): { session: string; csrf: string } {
  return { session: cookieName(SESSION_COOKIE, secure), csrf: cookieName(CSRF_COOKIE, secure) };
}

export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

/** A new random token for a cookie or a link; only its hash (tokenHash) is stored. */
export const newToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** What is stored for a token, so a database leak yields no usable cookie or link. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Equal secrets, compared in time that does not depend on where they differ (nor, hashed first, on their lengths). */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export function setSessionCookies(cookies: Cookies, token: string, csrfToken: string, secure: boolean): void {
  const names = sessionCookieNames(secure);
  const base = { path: '/', sameSite: 'lax' as const, secure, maxAge: SESSION_ABSOLUTE_MS / 1000 };
  cookies.set(names.session, token, { ...base, httpOnly: true });
  cookies.set(names.csrf, csrfToken, { ...base, httpOnly: false });
}

/** Clears both spellings, so a browser left with cookies from before a change of COOKIE_SECURE is signed out too. */
export function clearSessionCookies(cookies: Cookies): void {
  for (const secure of [false, true]) {
    const names = sessionCookieNames(secure);
    // A browser drops a __Host- cookie only when the clearing cookie is Secure as well.
    cookies.clear(names.session, { path: '/', secure });
    cookies.clear(names.csrf, { path: '/', secure });
  }
}
