import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';

type SealingConfig = Pick<Config, 'SEALING_KEY' | 'APP_SECRET'>;

/** What a sealed value starts with; a provider's secret never does (decision 0067). */
const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** SEALING_KEY, or APP_SECRET when it is unset, stretched to this one purpose's 32 bytes. */
function keyOf(config: SealingConfig): Buffer {
  const source = config.SEALING_KEY ?? `derived:${config.APP_SECRET}`;
  return Buffer.from(hkdfSync('sha256', source, 'portal-sealed-secrets', 'aes-256-gcm v1', 32));
}

/** Whether a stored value is sealed; one without the prefix was written before its column was sealed. */
export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

/**
 * Seals a secret the portal must give back later (it cannot be hashed): AES-256-GCM with a fresh IV, bound to
 * `context` (where it is kept, such as `storage_accounts.secret_key:<company id>`), so a sealed value copied to
 * another row or column does not open there.
 */
export function seal(config: SealingConfig, context: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv).setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${iv.toString('base64url')}.${body.toString('base64url')}`;
}

/**
 * The secret a sealed value holds. A value without the prefix was written before secrets were sealed and is
 * answered as it is; it is sealed when next written (a key rotation). A sealed value that does not open (another
 * key, another context, altered) throws: answering it would hand out garbage as a key.
 */
export function unseal(config: SealingConfig, context: string, stored: string): string {
  if (!isSealed(stored)) return stored;
  const [iv = '', body = ''] = stored.slice(PREFIX.length).split('.');
  const bytes = Buffer.from(body, 'base64url');
  if (bytes.length < TAG_BYTES) throw new Error(`sealed secret of ${context} is malformed`);
  const decipher = createDecipheriv('aes-256-gcm', keyOf(config), Buffer.from(iv, 'base64url')).setAAD(Buffer.from(context));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(`sealed secret of ${context} does not open with this SEALING_KEY`);
  }
}
