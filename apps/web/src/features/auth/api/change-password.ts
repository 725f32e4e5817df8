import { changePassword } from '@portal/contract/account/password';
import type { CallInput } from '@portal/contract/shared/define-call';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type ChangePasswordInput = CallInput<typeof changePassword>;

export function changePasswordRequest(input: ChangePasswordInput): Promise<null> {
  return call(changePassword, input);
}

/** Changes the signed-in user's password; this session stays, the user's other sessions end. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePasswordRequest });
}
