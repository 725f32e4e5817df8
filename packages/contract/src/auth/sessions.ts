import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zTimestamp } from '../shared/fields.ts';
import { zOwnedId } from '../shared/owned-id.ts';
import { zTotpCode } from '../shared/security.ts';

export const zActiveSession = z.object({
  id: zOwnedId('session'),
  ip: z.string(),
  user_agent: z.string(),
  created_at: zTimestamp,
  last_seen_at: zTimestamp,
  is_current: z.boolean(),
});

export const listSessions = defineCall({
  path: '/api/v1/user/sessions/list',
  summary: "The caller's signed-in sessions, newest first.",
  input: z.object({}),
  output: z.array(zActiveSession),
  access: { roles: ['any'], beforeTwoFactorSetup: true },
});

export const revokeSession = defineCall({
  path: '/api/v1/user/sessions/revoke',
  summary: "Sign out one of the caller's sessions, or all of them but the current one.",
  input: z.object({ target_session_id: zOwnedId('session').optional(), all_other: z.boolean().default(false) }),
  output: z.object({ revoked: z.number().int().min(0) }),
  access: { roles: ['any'], beforeTwoFactorSetup: true, selfOnly: true },
  example: { all_other: false },
});

export const reauthenticate = defineCall({
  path: '/api/v1/user/reauth',
  summary: 'Confirm the signed-in user again (password, or a code from their authenticator) before a risky action.',
  input: z.object({
    target_password: z.string().min(1, { error: 'Please enter a password' }).max(1024).optional(),
    target_totp_code: zTotpCode.optional(),
  }),
  output: z.object({ reauthenticated_at: zTimestamp }),
  auditsRefusals: true,
  access: { roles: ['any'], beforeTwoFactorSetup: true, selfOnly: true },
  example: { target_password: 'test-password' },
});
