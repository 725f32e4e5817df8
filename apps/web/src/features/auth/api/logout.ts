import { logout } from '@portal/contract/auth/login';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { setSignedIn } from '../../../lib/auth-session';

export function logoutRequest(): Promise<null> {
  return call(logout, {});
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutRequest,
    // Even if the server call fails (e.g. the session had already expired) the user asked to leave.
    onSettled: () => setSignedIn(queryClient, null),
  });
}
