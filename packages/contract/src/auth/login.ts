import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zEmail, zUnixSeconds } from '../shared/fields.ts';
import { zTotpCode } from '../shared/security.ts';
import { zAuthContext } from './auth-context.ts';

/**
 * The steps of the login form. `email` asks which step comes next; `password`, `email_token` (a sign-in
 * link from a mail) and `recovery_passphrase` are first factors; `totp` and `webauthn` finish a sign-in
 * whose first factor was accepted.
 */
export const LOGIN_TARGET_TYPES = ['email', 'password', 'email_token', 'recovery_passphrase', 'totp', 'webauthn'] as const;

export const LOGIN_RESULT_TYPES = [
  'ok',
  'totp_required',
  'webauthn_required',
  'reactivate_account',
  'password_required',
  'external_sso_required',
] as const;
export type LoginResultType = (typeof LOGIN_RESULT_TYPES)[number];

export const zLoginInput = z.object({
  target_type: z.enum(LOGIN_TARGET_TYPES),
  /** Every step but `email_token` names the account; the token names it there. */
  target_user: zEmail.optional(),
  target_password: z.string().min(1, { error: 'Please enter a password' }).max(1024).optional(),
  target_email_token: z.string().min(1).max(200).optional(),
  target_totp_code: zTotpCode.optional(),
  /** The authenticator's answer, as JSON text (the browser library's AuthenticationResponseJSON). */
  target_webauthn_response: z.string().min(1).max(20_000).optional(),
  target_recovery_passphrase: z.string().min(1, { error: 'Please enter your recovery passphrase' }).max(1000).optional(),
  target_browser_timezone: z.string().max(64).optional(),
});

export const login = defineCall({
  path: '/api/v1/user/login',
  summary: 'Sign in step by step: the email step says which step comes next.',
  input: zLoginInput,
  output: z.object({
    type: z.enum(LOGIN_RESULT_TYPES),
    auth_context: zAuthContext.nullable(),
    will_delete_at: zUnixSeconds.nullable(),
    /** WebAuthn request options (PublicKeyCredentialRequestOptionsJSON) when the type is webauthn_required. */
    webauthn_challenge: z.record(z.string(), z.unknown()).nullable(),
    /** Where the browser goes when the type is external_sso_required. */
    redirect_url: z.string().nullable(),
    /** Set when the recovery passphrase signed in: it works once, so the page sends the user to /passphrase for a new one. */
    recovery_passphrase_used: z.literal(true).optional(),
  }),
  auditsRefusals: true,
  access: { public: true },
  example: { target_type: 'email', target_user: 'someone@example.com' },
});

export const logout = defineCall({
  path: '/api/v1/user/logout',
  summary: 'End the current session.',
  input: z.object({}),
  output: z.null(),
  access: { roles: ['any'], beforeTwoFactorSetup: true },
});
