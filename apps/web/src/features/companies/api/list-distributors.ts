import { listDistributors } from '@portal/contract/companies/company-lookups';
import type { CallOutput } from '@portal/contract/shared/define-call';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export function fetchDistributors(signal?: AbortSignal): Promise<CallOutput<typeof listDistributors>> {
  return call(listDistributors, {}, { signal });
}

export function distributorsQueryOptions() {
  return queryOptions({ queryKey: [listDistributors.path], queryFn: ({ signal }) => fetchDistributors(signal), staleTime: 60_000 });
}

export function useDistributors(enabled = true) {
  return useQuery({ ...distributorsQueryOptions(), enabled });
}
