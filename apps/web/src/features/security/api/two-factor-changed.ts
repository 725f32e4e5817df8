import type { QueryClient } from '@tanstack/react-query';
import { AUTH_QUERY_KEY } from '../../../lib/auth-session';
import { TWO_FACTOR_KEY, type TwoFactorStatus } from './get-two-factor';

/** Every two-factor change answers with the new status; the auth context's setup rule may change too. */
export function twoFactorChanged(queryClient: QueryClient, status: TwoFactorStatus): Promise<void> {
  queryClient.setQueryData(TWO_FACTOR_KEY, status);
  return queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY });
}
