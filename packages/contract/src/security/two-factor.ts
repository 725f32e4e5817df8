import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { TOTP_SECRET_LENGTH, zTotpCode, zTwoFactorMethod } from '../shared/security.ts';
import { zTimestamp } from '../shared/fields.ts';

export const zTwoFactorStatus = z.object({
  method: zTwoFactorMethod,
  enabled_at: zTimestamp.nullable(),
  /** Registered security keys and passkeys. */
  webauthn_devices: z.array(z.object({ id: z.string(), name: z.string(), created_at: zTimestamp })),
});

export const getTwoFactor = defineCall({
  path: '/api/v1/user/mfa/get',
  summary: "The signed-in user's two-factor method and devices.",
  input: z.object({}),
  output: zTwoFactorStatus,
  access: { roles: ['any'], beforeTwoFactorSetup: true },
});

export const enableTotp = defineCall({
  path: '/api/v1/user/mfa/enable-totp',
  summary: 'Turn on TOTP two-factor with a secret the page generated, proven by a current code.',
  input: z.object({
    totp_secret: z.string().regex(new RegExp(`^[A-Z2-7]{${TOTP_SECRET_LENGTH}}$`), { error: 'The secret must be 16 base32 characters' }),
    totp_verify_code: zTotpCode,
  }),
  output: zTwoFactorStatus,
  access: { roles: ['any'], beforeTwoFactorSetup: true, selfOnly: true },
  example: { totp_secret: 'JBSWY3DPEHPK3PXP', totp_verify_code: '123456' },
});

export const requestWebauthnChallenge = defineCall({
  path: '/api/v1/user/mfa/webauthn/request-challenge',
  summary: 'Registration options for a new security key or passkey (PublicKeyCredentialCreationOptionsJSON).',
  input: z.object({}),
  output: z.record(z.string(), z.unknown()),
  access: { roles: ['any'], beforeTwoFactorSetup: true, selfOnly: true },
});

export const enableWebauthn = defineCall({
  path: '/api/v1/user/mfa/webauthn/enable',
  summary: "Register the authenticator's answer to the last challenge and turn on WebAuthn two-factor.",
  input: z.object({
    /** RegistrationResponseJSON as text. */
    webauthn_challenge_response: z.string().min(1).max(20_000),
    device_name: z.string().trim().max(100).default('Security key'),
  }),
  output: zTwoFactorStatus,
  access: { roles: ['any'], beforeTwoFactorSetup: true, selfOnly: true },
  example: { webauthn_challenge_response: '{}' },
});

export const disableTwoFactor = defineCall({
  path: '/api/v1/user/mfa/disable',
  summary: 'Turn two-factor off and forget every device; needs a recent sign-in check.',
  input: z.object({}),
  output: zTwoFactorStatus,
  access: { roles: ['any'], selfOnly: true },
});
