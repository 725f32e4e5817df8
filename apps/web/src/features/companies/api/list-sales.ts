import { listSales } from '@portal/contract/companies/company-lookups';
import type { CallOutput } from '@portal/contract/shared/define-call';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export function fetchSales(signal?: AbortSignal): Promise<CallOutput<typeof listSales>> {
  return call(listSales, {}, { signal });
}

export function salesQueryOptions() {
  return queryOptions({ queryKey: [listSales.path], queryFn: ({ signal }) => fetchSales(signal), staleTime: 60_000 });
}

export function useSales(enabled = true) {
  return useQuery({ ...salesQueryOptions(), enabled });
}
