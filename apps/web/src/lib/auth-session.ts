import type { AuthContext } from '@portal/contract/auth/auth-context';
import type { QueryClient } from '@tanstack/react-query';

/** The query key of the auth context; shared because sign-in changes start in several features. */
export const AUTH_QUERY_KEY = ['auth'] as const;

/**
 * Records a sign-in, sign-out or impersonation switch. Every other cached query belonged to the
 * previous identity, so it is dropped rather than shown to the new one.
 */
export function setSignedIn(queryClient: QueryClient, auth: AuthContext | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== AUTH_QUERY_KEY[0] });
  queryClient.setQueryData(AUTH_QUERY_KEY, auth);
  void queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY });
}
