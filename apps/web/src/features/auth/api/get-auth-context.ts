import { type AuthContext, getAuthContext } from '@portal/contract/auth/auth-context';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const AUTH_QUERY_KEY = ['auth'] as const;

/** The signed-in user and company, or null when signed out. */
export function fetchAuthContext(signal?: AbortSignal): Promise<AuthContext | null> {
  return call(getAuthContext, {}, { signal });
}

export function authContextQueryOptions() {
  return queryOptions({
    queryKey: AUTH_QUERY_KEY,
    queryFn: ({ signal }) => fetchAuthContext(signal),
    // Route guards read this on every navigation; a minute keeps them instant while focus refetches catch expiry.
    staleTime: 60_000,
  });
}

export function useAuthContext() {
  return useQuery(authContextQueryOptions());
}

/**
 * Records a sign-in, sign-out or impersonation switch. Every other cached query belonged to the
 * previous identity, so it is dropped rather than shown to the new one.
 */
export function setSignedIn(queryClient: QueryClient, auth: AuthContext | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== AUTH_QUERY_KEY[0] });
  queryClient.setQueryData(AUTH_QUERY_KEY, auth);
  void queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY });
}
