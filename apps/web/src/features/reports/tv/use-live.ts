import { TV_REFRESH_MS } from '@portal/contract/reports/tv';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchLive } from '../api/tv';
import type { TvCredentials } from './tv-credentials';

export const liveQueryKey = (credentials: TvCredentials) => ['reports-tv-live', credentials.username] as const;

/** The wall's figures, fetched again every 5 minutes (spec-2 §9); a 401 signs the wall out (§8). */
export function useLive(credentials: TvCredentials, onUnauthorized: () => void) {
  const query = useQuery({
    queryKey: liveQueryKey(credentials),
    queryFn: ({ signal }) => fetchLive(credentials, signal),
    refetchInterval: TV_REFRESH_MS,
    refetchIntervalInBackground: true,
    staleTime: TV_REFRESH_MS,
    // A wall keeps showing the last figures while the network is away, and tries again at the next refresh.
    retry: 1,
  });
  const unauthorized = query.data === 'unauthorized';
  useEffect(() => {
    if (unauthorized) onUnauthorized();
  }, [unauthorized, onUnauthorized]);
  return { ...query, data: query.data === 'unauthorized' ? undefined : query.data };
}
