import { zLoginInput } from '@portal/contract/auth/login';
import { describe, expect, it } from 'vitest';
import { zodFieldErrors } from '../../components/form/form-errors';
import { maxLengthOf } from '../../components/form/use-contract-form';
import type { LoginInput } from './api/session';
import { checkLoginInput, LOGIN_LIMITS } from './login-input-check';

const long = (length: number, fill = 'a') => fill.repeat(length);

const inputs: LoginInput[] = [
  { target_type: 'email' },
  { target_type: 'email', target_user: 'someone@example.com', target_browser_timezone: 'Europe/Berlin' },
  { target_type: 'email', target_user: 'Some.One+tag@sub.example.co.uk' },
  { target_type: 'email', target_user: "o'brien@example.ie" },
  { target_type: 'email', target_user: 'someone' },
  { target_type: 'email', target_user: 'someone@' },
  { target_type: 'email', target_user: 'someone@example' },
  { target_type: 'email', target_user: '.someone@example.com' },
  { target_type: 'email', target_user: 'some..one@example.com' },
  { target_type: 'email', target_user: 'someone.@example.com' },
  { target_type: 'email', target_user: 'some one@example.com' },
  { target_type: 'email', target_user: 'someone@-example.com' },
  { target_type: 'email', target_user: 'someone@example.c' },
  { target_type: 'email', target_user: 'someone@exa_mple.com' },
  { target_type: 'email', target_user: '' },
  { target_type: 'email', target_user: `${long(242)}@example.com` },
  { target_type: 'email', target_user: `${long(243)}@example.com` },
  { target_type: 'email', target_user: 'someone@example.com', target_browser_timezone: long(65) },
  { target_type: 'password', target_user: 'someone@example.com', target_password: 'secret' },
  { target_type: 'password', target_user: 'someone@example.com', target_password: '' },
  { target_type: 'password', target_user: 'someone@example.com', target_password: long(1024) },
  { target_type: 'password', target_user: 'someone@example.com', target_password: long(1025) },
  { target_type: 'password', target_user: 'nobody', target_password: '' },
  { target_type: 'totp', target_user: 'someone@example.com', target_totp_code: '123456' },
  { target_type: 'totp', target_user: 'someone@example.com', target_totp_code: '12345' },
  { target_type: 'totp', target_user: 'someone@example.com', target_totp_code: '1234567' },
  { target_type: 'totp', target_user: 'someone@example.com', target_totp_code: '12345a' },
  { target_type: 'totp', target_user: 'someone@example.com', target_totp_code: '' },
  { target_type: 'recovery_passphrase', target_user: 'someone@example.com', target_recovery_passphrase: 'one two three' },
  { target_type: 'recovery_passphrase', target_user: 'someone@example.com', target_recovery_passphrase: '' },
  { target_type: 'recovery_passphrase', target_user: 'someone@example.com', target_recovery_passphrase: long(1001) },
  { target_type: 'webauthn', target_user: 'someone@example.com', target_webauthn_response: '{"id":"x"}' },
  { target_type: 'webauthn', target_user: 'someone@example.com', target_webauthn_response: '' },
  { target_type: 'webauthn', target_user: 'someone@example.com', target_webauthn_response: long(20_001) },
  { target_type: 'email_token', target_email_token: 'token' },
  { target_type: 'email_token', target_email_token: '' },
  { target_type: 'email_token', target_email_token: long(201) },
];

describe('checkLoginInput', () => {
  it('gives the login contract’s answer for every field', () => {
    for (const input of inputs) {
      const parsed = zLoginInput.safeParse(input);
      const expected = parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: zodFieldErrors(parsed.error) };
      expect(checkLoginInput(input), JSON.stringify(input).slice(0, 120)).toEqual(expected);
    }
  });

  it('bounds the inputs as the contract does', () => {
    for (const key of ['target_user', 'target_password', 'target_recovery_passphrase', 'target_totp_code'] as const) {
      expect(LOGIN_LIMITS.maxLength(key), key).toBe(maxLengthOf(zLoginInput.shape[key]));
    }
  });
});
