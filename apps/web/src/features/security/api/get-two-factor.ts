import { getTwoFactor, type zTwoFactorStatus } from '@portal/contract/security/two-factor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';

export type TwoFactorStatus = z.infer<typeof zTwoFactorStatus>;

export const TWO_FACTOR_KEY = [getTwoFactor.path] as const;

export function fetchTwoFactor(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return call(getTwoFactor, {}, { signal });
}

export function twoFactorQueryOptions() {
  return queryOptions({ queryKey: TWO_FACTOR_KEY, queryFn: ({ signal }) => fetchTwoFactor(signal) });
}

export function useTwoFactor() {
  return useQuery(twoFactorQueryOptions());
}
