import { reactivateCompany } from '@portal/contract/companies/company-lifecycle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { AUTH_QUERY_KEY } from '../../../lib/auth-session';

/** Reactivates the signed-in user's own company (no target: the session names it). */
export function reactivateAccountRequest(): Promise<null> {
  return call(reactivateCompany, {});
}

export function useReactivateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateAccountRequest,
    // The company's state is part of the auth context; the guards must see the new one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY }),
  });
}
