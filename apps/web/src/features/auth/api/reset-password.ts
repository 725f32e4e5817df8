import { resetPassword } from '@portal/contract/account/password';
import type { CallInput } from '@portal/contract/shared/define-call';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { setSignedIn } from '../../../lib/auth-session';

export type ResetPasswordInput = CallInput<typeof resetPassword>;

export function resetPasswordRequest(input: ResetPasswordInput): Promise<null> {
  return call(resetPassword, input);
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPasswordRequest,
    // A reset ends every session of the user, this browser's included.
    onSuccess: () => setSignedIn(queryClient, null),
  });
}
