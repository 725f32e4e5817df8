import {
  addDistributorRegion,
  distributorRegionList,
  listRegions,
  removeDistributorRegion,
} from '@portal/contract/companies/distributor-settings';
import type { CallInput } from '@portal/contract/shared/define-call';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callSource, listQueryKey } from '../../../components/data-table/list-source';
import { call } from '../../../lib/api-client';

export function distributorRegionSource(id: number) {
  return callSource(distributorRegionList, { target_id: id });
}

export function fetchRegions(signal?: AbortSignal) {
  return call(listRegions, {}, { signal });
}

export function regionsQueryOptions() {
  return queryOptions({ queryKey: [listRegions.path], queryFn: ({ signal }) => fetchRegions(signal), staleTime: 300_000 });
}

export function useRegions() {
  return useQuery(regionsQueryOptions());
}

export function addRegionRequest(input: CallInput<typeof addDistributorRegion>): Promise<null> {
  return call(addDistributorRegion, input);
}

export function removeRegionRequest(input: CallInput<typeof removeDistributorRegion>): Promise<null> {
  return call(removeDistributorRegion, input);
}

function useRegionMutation<I>(fn: (input: I) => Promise<null>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: listQueryKey(distributorRegionList) }) });
}

export function useAddRegion() {
  return useRegionMutation(addRegionRequest);
}

export function useRemoveRegion() {
  return useRegionMutation(removeRegionRequest);
}
