import { resendVerificationEmail } from '@portal/contract/account/password';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export function sendVerificationEmail(): Promise<null> {
  return call(resendVerificationEmail, {});
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
