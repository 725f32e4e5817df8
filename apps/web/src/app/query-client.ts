import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { AUTH_QUERY_KEY } from '../features/auth/api/session';
import { isApiError } from '../lib/api-error';

const MAX_RETRIES = 2;
export const PRELOAD_STALE_MS = 5000;

export function createQueryClient(): QueryClient {
  // A 401 anywhere means the session ended (expiry, logout in another tab): mark the user signed out,
  // and the signed-in layout sends them to /login with the way back in redirect_to.
  const onError = (error: unknown) => {
    if (isApiError(error) && error.code === 401) {
      queryClient.setQueryData(AUTH_QUERY_KEY, null);
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        // As the router's defaultPreloadStaleTime: what a route loader (or a preload on intent) has just
        // fetched is not fetched again as the page mounts.
        staleTime: PRELOAD_STALE_MS,
        // The server's 4xx answers do not change on retry; network failures and 5xx might.
        retry: (failures, error) => failures < MAX_RETRIES && !(isApiError(error) && error.code >= 400 && error.code < 500),
      },
    },
  });
  return queryClient;
}
