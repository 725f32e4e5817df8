import type { CallInput, CallOutput } from '@portal/contract/shared/define-call';
import { deleteUser } from '@portal/contract/users/company-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { COMPANY_USERS_KEY } from './company-users';
import { COMPANY_DESCRIBE_KEY } from './describe-company';

export function deleteUserRequest(input: CallInput<typeof deleteUser>): Promise<CallOutput<typeof deleteUser>> {
  return call(deleteUser, input);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserRequest,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: COMPANY_USERS_KEY }),
        queryClient.invalidateQueries({ queryKey: COMPANY_DESCRIBE_KEY }),
      ]),
  });
}
