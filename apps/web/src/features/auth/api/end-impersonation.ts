import { endImpersonation } from '@portal/contract/auth/impersonate';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { setSignedIn } from '../../../lib/auth-session';

/** Returns to the admin who started impersonating; the answer is the admin's auth context. */
export function endImpersonationRequest(): Promise<AuthContext> {
  return call(endImpersonation, {});
}

export function useEndImpersonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endImpersonationRequest,
    onSuccess: (auth) => setSignedIn(queryClient, auth),
  });
}
