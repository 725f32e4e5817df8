import { disableTwoFactor } from '@portal/contract/security/two-factor';
import type { TwoFactorMethod } from '@portal/contract/shared/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withReauth } from '../../../components/reauth/with-reauth';
import { call } from '../../../lib/api-client';
import type { TwoFactorStatus } from './get-two-factor';
import { twoFactorChanged } from './two-factor-changed';

/** Needs a recent sign-in check, so it may ask for the password or a code first. */
export function sendDisableTwoFactor(method: TwoFactorMethod): Promise<TwoFactorStatus> {
  return withReauth(() => call(disableTwoFactor, {}), { method });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendDisableTwoFactor, onSuccess: (status) => twoFactorChanged(queryClient, status) });
}
