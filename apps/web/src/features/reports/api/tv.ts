import { reportsLive } from '@portal/contract/reports/tv';
import type { CallOutput } from '@portal/contract/shared/define-call';
import { call } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

export type LiveAnswer = CallOutput<typeof reportsLive>;

/**
 * The wall's figures, or 'unauthorized' when the server refuses the stored pair: answered, not thrown, so the
 * app's "a 401 means the session ended" handler never mistakes the wall's sign-in for a user's session.
 */
export async function fetchLive(
  credentials: { username: string; password: string },
  signal?: AbortSignal,
): Promise<LiveAnswer | 'unauthorized'> {
  try {
    return await call(reportsLive, credentials, { signal });
  } catch (error) {
    if (isApiError(error) && error.code === 401) return 'unauthorized';
    throw error;
  }
}
