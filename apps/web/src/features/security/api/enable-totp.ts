import { enableTotp } from '@portal/contract/security/two-factor';
import type { CallInput } from '@portal/contract/shared/define-call';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { TwoFactorStatus } from './get-two-factor';
import { twoFactorChanged } from './two-factor-changed';

export type EnableTotpInput = CallInput<typeof enableTotp>;

export function sendEnableTotp(input: EnableTotpInput): Promise<TwoFactorStatus> {
  return call(enableTotp, input);
}

export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendEnableTotp, onSuccess: (status) => twoFactorChanged(queryClient, status) });
}
