import { adminDescribeCompany, distributorDescribeCompany } from '@portal/contract/companies/company-describe';
import type { CompanyDetail } from '@portal/contract/companies/company-detail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Admins and distributors read a company through different calls; distributors see a subset. */
export type CompanyViewer = 'admin' | 'distributor';

export const COMPANY_DESCRIBE_KEY = ['company-describe'] as const;

export function fetchCompanyDetail(viewer: CompanyViewer, id: number, signal?: AbortSignal): Promise<CompanyDetail> {
  const definition = viewer === 'admin' ? adminDescribeCompany : distributorDescribeCompany;
  return call(definition, { target_id: id }, { signal });
}

export function companyDetailQueryOptions(viewer: CompanyViewer, id: number) {
  return queryOptions({
    queryKey: [...COMPANY_DESCRIBE_KEY, viewer, id],
    queryFn: ({ signal }) => fetchCompanyDetail(viewer, id, signal),
  });
}

export function useCompanyDetail(viewer: CompanyViewer, id: number) {
  return useQuery(companyDetailQueryOptions(viewer, id));
}
