import { z } from 'zod';

import { MIN_PASSWORD_LENGTH } from './security-constants.ts';

export * from './security-constants.ts';

export const TWO_FACTOR_METHODS = ['none', 'totp', 'webauthn'] as const;
export const zTwoFactorMethod = z.enum(TWO_FACTOR_METHODS);
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

export const zNewPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: `Please enter at least ${MIN_PASSWORD_LENGTH} characters` })
  .max(1024);

export const zTotpCode = z.string().regex(/^\d{6}$/, { error: 'Please enter a 6-digit code' });

/** What a refused risky action answers, so the page can ask for the password or a code and retry. */
export const REAUTH_REQUIRED = { message: 'Please confirm it is you to continue', flag: 'reauth_required' } as const;
