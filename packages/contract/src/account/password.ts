import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zEmail } from '../shared/fields.ts';
import { zNewPassword } from '../shared/security.ts';

export const getBotChallenge = defineCall({
  path: '/api/v1/user/bot-challenge',
  summary: 'A proof-of-work challenge (ALTCHA) for forms that anonymous visitors send.',
  input: z.object({}),
  output: z.object({
    algorithm: z.string(),
    challenge: z.string(),
    maxnumber: z.number().int().optional(),
    salt: z.string(),
    signature: z.string(),
  }),
  access: { public: true },
});

export const forgotPassword = defineCall({
  path: '/api/v1/user/forgot_password',
  summary: 'Mail a password reset link (20 minutes, single use). Answers the same whether or not the account exists.',
  input: z.object({
    target_user: zEmail,
    /** The solved bot challenge (the ALTCHA widget's base64 payload). */
    recaptcha: z.string({ error: 'Please complete the bot check' }).min(1, { error: 'Please complete the bot check' }).max(5000),
  }),
  output: z.null(),
  access: { public: true },
  example: { target_user: 'someone@example.com', recaptcha: 'e30=' },
});

export const resetPassword = defineCall({
  path: '/api/v1/user/reset-password',
  summary: 'Set a new password with a reset link token; ends every session of the user.',
  input: z.object({ email_token: z.string().min(1).max(200), new_password: zNewPassword }),
  output: z.null(),
  access: { public: true },
  example: { email_token: 'unknown-token', new_password: 'a-new-password' },
});

export const changePassword = defineCall({
  path: '/api/v1/user/change-password',
  summary: "Change the signed-in user's password; ends their other sessions.",
  input: z.object({ new_password: zNewPassword }),
  output: z.null(),
  access: { roles: ['any'], beforeTwoFactorSetup: true, selfOnly: true },
  example: { new_password: 'a-new-password' },
});

export const resendVerificationEmail = defineCall({
  path: '/api/v1/user/resend-verification-email',
  summary: 'Mail the signed-in user a new email verification link.',
  input: z.object({}),
  output: z.null(),
  access: { roles: ['any'], beforeTwoFactorSetup: true },
});
