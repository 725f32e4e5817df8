import type { TwoFactorMethod } from '@portal/contract/shared/security';

const LABELS: Record<TwoFactorMethod, string> = {
  totp: 'Enabled (authenticator app)',
  webauthn: 'Enabled (security key)',
  none: 'Not enabled',
};

/** The user's two-factor status as the account and security pages word it. */
export function twoFactorStatusLabel(method: TwoFactorMethod): string {
  return LABELS[method];
}
