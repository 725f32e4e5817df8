import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyId } from '../shared/fields.ts';
import { zAuthContext } from './auth-context.ts';

export const impersonate = defineCall({
  path: '/api/v1/auth/impersonate',
  summary: "Sign in as the target company's primary user; the admin is remembered and the switch is logged.",
  input: z.object({ target_id: zCompanyId }),
  output: zAuthContext,
  access: { roles: ['admin'] },
});

export const endImpersonation = defineCall({
  path: '/api/v1/auth/end_impersonation',
  summary: 'Return to the admin who started impersonating.',
  input: z.object({}),
  output: zAuthContext,
  access: { roles: ['admin_impersonating'] },
});
