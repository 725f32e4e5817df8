import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign } from 'node:crypto';
import type { Config } from '../../config.ts';

/** The DER header of a PKCS#8 Ed25519 private key; the 32-byte seed follows it. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface LicenceKey {
  privateKey: KeyObject;
  /** Base64 SPKI DER: what a server is given to verify its licence. */
  publicKey: string;
}

const cache = new Map<string, LicenceKey>();

function fromSeed(seed: Buffer): KeyObject {
  return createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/**
 * The Ed25519 key licences are signed with: LICENCE_SIGNING_KEY (PEM, or the base64 of a 32-byte seed), or in
 * development a key derived from APP_SECRET, so every node of one deployment signs alike (docs/decisions/0035).
 */
export function licenceKey(config: Pick<Config, 'LICENCE_SIGNING_KEY' | 'APP_SECRET'>): LicenceKey {
  const source = config.LICENCE_SIGNING_KEY ?? `derived:${config.APP_SECRET}`;
  const known = cache.get(source);
  if (known) return known;
  let privateKey: KeyObject;
  if (config.LICENCE_SIGNING_KEY?.includes('BEGIN')) privateKey = createPrivateKey(config.LICENCE_SIGNING_KEY);
  else if (config.LICENCE_SIGNING_KEY) {
    const seed = Buffer.from(config.LICENCE_SIGNING_KEY, 'base64');
    if (seed.length !== 32) throw new Error('LICENCE_SIGNING_KEY: expected a PEM key or the base64 of a 32-byte seed');
    privateKey = fromSeed(seed);
  } else privateKey = fromSeed(createHash('sha256').update(`licence-signing:${config.APP_SECRET}`).digest());
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('LICENCE_SIGNING_KEY: expected an Ed25519 key');
  const publicKey = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).toString('base64');
  const key = { privateKey, publicKey };
  cache.set(source, key);
  return key;
}

export function signText(key: LicenceKey, text: string): string {
  return sign(null, Buffer.from(text, 'utf8'), key.privateKey).toString('base64');
}
