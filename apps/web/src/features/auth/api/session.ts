import type { AuthContext, getAuthContext as GetAuthContext } from '@portal/contract/auth/auth-context';
import type { login as Login, logout as Logout } from '@portal/contract/auth/login';
import type { CallInput, CallOutput } from '@portal/contract/shared/define-call';
import type { QueryClient } from '@tanstack/react-query';
import { defineMutation, defineQuery, invalidateCalls } from '../../../lib/call-hooks';
import { callRef } from '../../../lib/call-ref';

// Who is signed in, signing in and out: what the app shell, the route guards and the sign-in page need. Kept apart
// from the other auth calls (passwords, sessions, impersonation) so that their contracts stay out of the entry
// chunk and the sign-in page (docs/decisions/0018-javascript-budget.md). The calls are referenced by path, so that
// their contracts' schemas (and zod) stay out of the first load too (docs/decisions/0025).

export const getAuthContext = callRef<typeof GetAuthContext>('/api/v1/web/auth');
export const login = callRef<typeof Login>('/api/v1/user/login');
export const logout = callRef<typeof Logout>('/api/v1/user/logout');

/** The signed-in user and company, or null when signed out. */
const authContext = defineQuery(getAuthContext, {
  // Route guards read this on every navigation; a minute keeps them instant while focus refetches catch expiry.
  staleTime: 60_000,
});
export const authContextQueryOptions = authContext.options;
export const useAuthContext = authContext.useQuery;
export const AUTH_QUERY_KEY = authContextQueryOptions().queryKey;

/**
 * Records a sign-in, sign-out or impersonation switch. Every other cached query belonged to the
 * previous identity, so it is dropped rather than shown to the new one.
 */
export function setSignedIn(queryClient: QueryClient, auth: AuthContext | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== getAuthContext.path });
  queryClient.setQueryData(AUTH_QUERY_KEY, auth);
  void queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY });
}

export type LoginInput = CallInput<typeof Login>;
export type LoginResult = CallOutput<typeof Login>;

/** One step of the login form; a finished login replaces the cached auth context. */
export const useLogin = defineMutation(login, {
  onSuccess: (queryClient, result) => {
    if ((result.type === 'ok' || result.type === 'reactivate_account') && result.auth_context) {
      // A pending-delete company's user is signed in too, so that Reactivate can act for them.
      setSignedIn(queryClient, result.auth_context);
    } else if (result.type === 'reactivate_account') {
      void invalidateCalls(queryClient, [getAuthContext]);
    }
  },
});

// Even if the server call fails (e.g. the session had already expired) the user asked to leave.
export const useLogout = defineMutation(logout, { onSettled: (queryClient) => setSignedIn(queryClient, null) });
