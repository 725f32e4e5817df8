import type { CallInput, CallOutput } from '@portal/contract/shared/define-call';
import { createUser } from '@portal/contract/users/company-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { COMPANY_USERS_KEY } from './company-users';
import { COMPANY_DESCRIBE_KEY } from './describe-company';

export function createUserRequest(input: CallInput<typeof createUser>): Promise<CallOutput<typeof createUser>> {
  return call(createUser, input);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUserRequest,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: COMPANY_USERS_KEY }),
        queryClient.invalidateQueries({ queryKey: COMPANY_DESCRIBE_KEY }),
      ]),
  });
}
