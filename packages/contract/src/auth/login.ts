import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zEmail, zUnixSeconds } from '../shared/fields.ts';
import { zAuthContext } from './auth-context.ts';

/** The steps of the login form; this issue implements email and password. */
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
  target_user: zEmail,
  target_password: z.string().min(1, { error: 'Please enter a password' }).max(1024).optional(),
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
  }),
  access: { public: true },
  example: { target_type: 'email', target_user: 'someone@example.com' },
});

export const logout = defineCall({
  path: '/api/v1/user/logout',
  summary: 'End the current session.',
  input: z.object({}),
  output: z.null(),
  access: { roles: ['any'] },
});
