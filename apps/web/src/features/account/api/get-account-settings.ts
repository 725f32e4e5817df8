import { getAccountSettings, type zAccountSettings } from '@portal/contract/account/account-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';

export type AccountSettings = z.infer<typeof zAccountSettings>;

export const ACCOUNT_SETTINGS_KEY = [getAccountSettings.path] as const;

export function fetchAccountSettings(signal?: AbortSignal): Promise<AccountSettings> {
  return call(getAccountSettings, {}, { signal });
}

export function accountSettingsQueryOptions() {
  return queryOptions({ queryKey: ACCOUNT_SETTINGS_KEY, queryFn: ({ signal }) => fetchAccountSettings(signal) });
}

export function useAccountSettings() {
  return useQuery(accountSettingsQueryOptions());
}
