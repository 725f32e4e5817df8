import { TOTP_ALGORITHM, TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_SECRET_LENGTH } from '@portal/contract/shared/security';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const TOTP_ISSUER = 'Backup Portal';

/** A fresh 16-character base32 secret; 256 is a multiple of 32, so `byte % 32` is unbiased. */
export function generateTotpSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(TOTP_SECRET_LENGTH));
  return Array.from(bytes, (byte) => BASE32[byte % 32]).join('');
}

/** The otpauth:// link an authenticator app reads from the QR code. */
export function otpauthUri(email: string, secret: string): string {
  const issuer = encodeURIComponent(TOTP_ISSUER);
  const label = `${issuer}:${encodeURIComponent(email)}`;
  return `otpauth://totp/${label}?secret=${secret}&issuer=${issuer}&algorithm=${TOTP_ALGORITHM}&digits=${TOTP_DIGITS}&period=${TOTP_PERIOD_SECONDS}`;
}

/** The secret in groups of four, easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
