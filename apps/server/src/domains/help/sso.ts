import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Config } from '../../config.ts';

/** The board signs its users in from this token for this long; the page asks for a new one on each visit. */
export const BOARD_TOKEN_SECONDS = 10 * 60;

const AUDIENCE = 'feature-voting';

/** Who the board sees: the fields Canny-style boards read from an HS256 single sign-on token. */
export interface BoardUser {
  id: string;
  email: string;
  name: string;
}

function key(config: Pick<Config, 'FEATURE_VOTING_SSO_KEY' | 'APP_SECRET'>): Uint8Array {
  if (config.FEATURE_VOTING_SSO_KEY) return new TextEncoder().encode(config.FEATURE_VOTING_SSO_KEY);
  // Derived, so the application secret itself never leaves the portal.
  return createHmac('sha256', config.APP_SECRET).update('feature-voting-sso').digest();
}

export function signBoardToken(config: Config, user: BoardUser, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ id: user.id, email: user.email, name: user.name })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(config.PUBLIC_URL)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + BOARD_TOKEN_SECONDS)
    .sign(key(config));
}

/** The board's side: the user the token names, or null when it is forged, expired or meant for another board. */
export async function verifyBoardToken(config: Config, token: string, now: Date): Promise<BoardUser | null> {
  try {
    const { payload } = await jwtVerify(token, key(config), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      issuer: config.PUBLIC_URL,
      currentDate: now,
    });
    const { id, email, name } = payload;
    if (typeof id !== 'string' || typeof email !== 'string' || typeof name !== 'string') return null;
    return { id, email, name };
  } catch {
    return null;
  }
}
