import { type AuthContext, getAuthContext } from '@portal/contract/auth/auth-context';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { AUTH_QUERY_KEY } from '../../../lib/auth-session';

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
