import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { LiveAnswer } from '../api/tv';
import { TvDashboard } from './tv-dashboard';
import { clearTvCredentials, readTvCredentials, saveTvCredentials, type TvCredentials } from './tv-credentials';
import { TvLogin } from './tv-login';
import { liveQueryKey } from './use-live';

/** /reports_tv: the sign-in while no pair is stored in this browser, the wall once one is. */
export function TvWall() {
  const queryClient = useQueryClient();
  const [credentials, setCredentials] = useState<TvCredentials | null>(readTvCredentials);
  const logout = useCallback(() => {
    clearTvCredentials();
    queryClient.removeQueries({ queryKey: ['reports-tv-live'] });
    setCredentials(null);
  }, [queryClient]);
  const signIn = (next: TvCredentials, answer: LiveAnswer) => {
    saveTvCredentials(next);
    // The sign-in's answer is the wall's first figures: no second request as it opens.
    queryClient.setQueryData(liveQueryKey(next), answer);
    setCredentials(next);
  };
  return credentials ? <TvDashboard credentials={credentials} onLogout={logout} /> : <TvLogin onSignedIn={signIn} />;
}
