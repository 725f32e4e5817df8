import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CallContext } from '../../platform/context.ts';

/** What a customer portal sign-in token says (docs/decisions/0057). */
export interface LoginClaims {
  /** The token's id: its row makes it single-use. */
  jti: string;
  portal_id: number;
  company_id: number;
  /** Seconds since the epoch after which it is refused. */
  exp: number;
}

/** The key the portal and its instances share; derived from APP_SECRET for this one purpose. */
function keyOf(config: Pick<CallContext['config'], 'APP_SECRET'>): Buffer {
  return createHmac('sha256', config.APP_SECRET).update('customer-portal-login-v1').digest();
}

const mac = (config: Pick<CallContext['config'], 'APP_SECRET'>, body: string) => createHmac('sha256', keyOf(config)).update(body).digest();

/** `<base64url JSON claims>.<base64url HMAC-SHA256 of the first part>`. */
export function signLogin(config: Pick<CallContext['config'], 'APP_SECRET'>, claims: LoginClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${mac(config, body).toString('base64url')}`;
}

/** The claims of a token this portal signed, or null (malformed, another key, altered). Expiry is the caller's to judge. */
export function verifyLogin(config: Pick<CallContext['config'], 'APP_SECRET'>, token: string): LoginClaims | null {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1] || token.length > 2000) return null;
  const [body, signature] = parts;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(config, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<LoginClaims>;
    if (
      typeof c.jti !== 'string' ||
      !Number.isSafeInteger(c.portal_id) ||
      !Number.isSafeInteger(c.company_id) ||
      !Number.isSafeInteger(c.exp)
    ) {
      return null;
    }
    return { jti: c.jti, portal_id: c.portal_id as number, company_id: c.company_id as number, exp: c.exp as number };
  } catch {
    return null;
  }
}
