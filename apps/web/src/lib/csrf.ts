/** The server sets this cookie at sign-in; every call echoes it in a header (double-submit CSRF check). */
export const CSRF_COOKIE = 'portal_csrf';
/**
 * Over https the server names it `__Host-portal_csrf` (Secure, this host only). That name wins over a
 * plain one, which a sibling subdomain could have planted.
 */
export const SECURE_CSRF_COOKIE = `__Host-${CSRF_COOKIE}`;
export const CSRF_HEADER = 'x-csrf-token';

function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    if (value === '') return null;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The CSRF token from `document.cookie`, or null before sign-in. */
export function readCsrfToken(cookies: string = document.cookie): string | null {
  return cookieValue(cookies, SECURE_CSRF_COOKIE) ?? cookieValue(cookies, CSRF_COOKIE);
}
