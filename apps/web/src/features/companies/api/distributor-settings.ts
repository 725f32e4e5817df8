import {
  type DistributorSettings,
  getDistributorSettings,
  patchDistributorSettings,
} from '@portal/contract/companies/distributor-settings';
import type { CallInput } from '@portal/contract/shared/define-call';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

const KEY = [getDistributorSettings.path] as const;

export function fetchDistributorSettings(id: number, signal?: AbortSignal): Promise<DistributorSettings> {
  return call(getDistributorSettings, { target_id: id }, { signal });
}

export function distributorSettingsQueryOptions(id: number) {
  return queryOptions({ queryKey: [...KEY, id], queryFn: ({ signal }) => fetchDistributorSettings(id, signal) });
}

export function useDistributorSettings(id: number) {
  return useQuery(distributorSettingsQueryOptions(id));
}

export function patchDistributorSettingsRequest(input: CallInput<typeof patchDistributorSettings>): Promise<null> {
  return call(patchDistributorSettings, input);
}

export function usePatchDistributorSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchDistributorSettingsRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
