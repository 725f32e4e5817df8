import { forgotPassword } from '@portal/contract/account/password';
import type { CallInput } from '@portal/contract/shared/define-call';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type ForgotPasswordInput = CallInput<typeof forgotPassword>;

export function forgotPasswordRequest(input: ForgotPasswordInput): Promise<null> {
  return call(forgotPassword, input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPasswordRequest });
}
