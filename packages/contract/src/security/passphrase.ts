import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zTimestamp } from '../shared/fields.ts';

export const getOrCreatePassphrase = defineCall({
  path: '/api/v1/user/passphrase/get-or-create',
  summary: 'The recovery passphrase: created (and shown once) when there is none or regenerate is set; otherwise its date and hint.',
  input: z.object({ regenerate: z.boolean().default(false) }),
  output: z.object({
    /** Only in the answer that created it. */
    passphrase_raw: z.string().nullable(),
    passphrase_hint: z.string(),
    created_at: zTimestamp,
  }),
  access: { roles: ['any'], beforeTwoFactorSetup: true, selfOnly: true },
});
