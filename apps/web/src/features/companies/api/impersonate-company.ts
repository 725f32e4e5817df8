import { impersonate } from '@portal/contract/auth/impersonate';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export function impersonateCompany(id: number): Promise<AuthContext> {
  return call(impersonate, { target_id: id });
}

/** Every cached query (the auth context included) belonged to the admin, so all of them are invalidated. */
export function useImpersonateCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: impersonateCompany, onSuccess: () => queryClient.invalidateQueries() });
}
