import { impersonate } from '@portal/contract/auth/impersonate';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { setSignedIn } from '../../../lib/auth-session';

export function impersonateCompany(id: number): Promise<AuthContext> {
  return call(impersonate, { target_id: id });
}

/** The answer is the new identity: it replaces the admin's before the page moves on, so guards see it at once. */
export function useImpersonateCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: impersonateCompany, onSuccess: (auth) => setSignedIn(queryClient, auth) });
}
