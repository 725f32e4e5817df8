import type { CheckResult, FieldLimits } from '../../components/form/use-checked-form';
import type { LoginInput } from './api/session';

// The login contract's checks of its input's fields, written out: the sign-in page is the first load of
// most visits and zod would add about 28 kB gzip to it (docs/decisions/0025). login-input-check.test.ts runs the
// same inputs through the contract's schema and this check and requires the same answers; the server checks
// every input against the contract anyway.

const EMAIL_MAX = 254;
const PASSWORD_MAX = 1024;
const PASSPHRASE_MAX = 1000;

// zod's email pattern (z.email(), which the contract's zEmail uses).
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

const tooLong = (max: number) => `Too big: expected string to have <=${max} characters`;

type TypedField =
  | 'target_user'
  | 'target_password'
  | 'target_email_token'
  | 'target_totp_code'
  | 'target_webauthn_response'
  | 'target_recovery_passphrase'
  | 'target_browser_timezone';

const bounded = (max: number) => (value: string) =>
  value.length < 1 ? 'Too small: expected string to have >=1 characters' : value.length > max ? tooLong(max) : null;

const CHECKS: Record<TypedField, (value: string) => string | null> = {
  target_user: (value) => (EMAIL.test(value) && value.length <= EMAIL_MAX ? null : 'Please enter a valid email address'),
  target_password: (value) => (value.length < 1 ? 'Please enter a password' : value.length > PASSWORD_MAX ? tooLong(PASSWORD_MAX) : null),
  target_email_token: bounded(200),
  target_totp_code: (value) => (/^\d{6}$/.test(value) ? null : 'Please enter a 6-digit code'),
  target_webauthn_response: bounded(20_000),
  target_recovery_passphrase: (value) =>
    value.length < 1 ? 'Please enter your recovery passphrase' : value.length > PASSPHRASE_MAX ? tooLong(PASSPHRASE_MAX) : null,
  target_browser_timezone: (value) => (value.length > 64 ? tooLong(64) : null),
};

/** The first message per field, as the contract's schema gives it; the input unchanged when none. */
export function checkLoginInput(input: LoginInput): CheckResult {
  const errors: Record<string, string> = {};
  for (const [field, check] of Object.entries(CHECKS) as [TypedField, (value: string) => string | null][]) {
    const value = input[field];
    if (value === undefined) continue;
    const message = typeof value === 'string' ? check(value) : 'Invalid input';
    if (message) errors[field] = message;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, data: { ...input } };
}

/** The maximum lengths the inputs take (the contract's). */
export const LOGIN_LIMITS: FieldLimits = {
  maxLength: (key) =>
    ({ target_user: EMAIL_MAX, target_password: PASSWORD_MAX, target_recovery_passphrase: PASSPHRASE_MAX })[key as string],
  range: () => ({}),
};
