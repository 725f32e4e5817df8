import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Config } from '../../config.ts';
import type { CredentialRow } from './queries.ts';

export const RP_NAME = 'Backup Portal';
/** How long the page has to answer a registration challenge. */
export const REGISTRATION_MINUTES = 5;

/** The relying party is the portal's public address: its host name is the RP ID, its origin the expected origin. */
export function relyingParty(config: Config) {
  const url = new URL(config.PUBLIC_URL);
  return { rpID: url.hostname, origin: url.origin };
}

const transportsOf = (row: Pick<CredentialRow, 'transports'>) => (row.transports ? row.transports.split(',') : undefined);

export function registrationOptions(
  config: Config,
  user: { id: number; email: string; contact_name: string },
  existing: CredentialRow[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(config).rpID,
    userName: user.email,
    userDisplayName: user.contact_name || user.email,
    // The same handle for every registration of a user, so a passkey provider replaces rather than piles up.
    userID: new TextEncoder().encode(`user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: transportsOf(c) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** Text the page sent, parsed; null when it is not a JSON object. */
function parseObject<T>(text: string): T | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as T) : null;
  } catch {
    return null;
  }
}

export interface NewCredential {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** The credential an authenticator created in answer to the challenge, or null if it does not check out. */
export async function verifyRegistration(config: Config, challenge: string, responseJson: string): Promise<NewCredential | null> {
  const response = parseObject<RegistrationResponseJSON>(responseJson);
  if (!response) return null;
  const { rpID, origin } = relyingParty(config);
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      // Verification (PIN, fingerprint) is asked for, not demanded: plain security keys have none.
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      // The page's list is passed through unchecked by the library; keep only well-formed names.
      transports: (Array.isArray(credential.transports) ? credential.transports : []).filter(
        (name): name is string => typeof name === 'string' && /^[a-z-]{1,20}$/.test(name),
      ),
    };
  } catch {
    return null;
  }
}

export function authenticationOptions(config: Config, credentials: CredentialRow[]): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    allowCredentials: credentials.map((c) => ({ id: c.id, transports: transportsOf(c) })),
    userVerification: 'preferred',
  });
}

/** The credential id an assertion names, before anything is verified; null when there is none. */
export function assertionCredentialId(responseJson: string): { response: AuthenticationResponseJSON; id: string } | null {
  const response = parseObject<AuthenticationResponseJSON>(responseJson);
  return response && typeof response.id === 'string' && response.id !== '' ? { response, id: response.id } : null;
}

/** The authenticator's new counter when the assertion is good for this credential and challenge; null otherwise. */
export async function verifyAssertion(
  config: Config,
  challenge: string,
  response: AuthenticationResponseJSON,
  credential: CredentialRow,
): Promise<number | null> {
  const { rpID, origin } = relyingParty(config);
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: credential.id,
        publicKey: new Uint8Array(Buffer.from(credential.public_key, 'base64url')),
        counter: credential.counter,
        transports: transportsOf(credential),
      },
      requireUserVerification: false,
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
