import type { CallInput, CallOutput } from '@portal/contract/shared/define-call';
import { patchUser } from '@portal/contract/users/company-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { COMPANY_USERS_KEY } from './company-users';
import { COMPANY_DESCRIBE_KEY } from './describe-company';

export function patchUserRequest(input: CallInput<typeof patchUser>): Promise<CallOutput<typeof patchUser>> {
  return call(patchUser, input);
}

export function usePatchUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchUserRequest,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: COMPANY_USERS_KEY }),
        queryClient.invalidateQueries({ queryKey: COMPANY_DESCRIBE_KEY }),
      ]),
  });
}
