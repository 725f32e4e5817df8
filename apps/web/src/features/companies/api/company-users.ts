import type { CompanyUser } from '@portal/contract/companies/company-detail';
import { listCompanyUsers } from '@portal/contract/users/company-users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const COMPANY_USERS_KEY = [listCompanyUsers.path] as const;

/** Without a company id the server answers with the caller's own company. */
export function fetchCompanyUsers(companyId: number | undefined, signal?: AbortSignal): Promise<CompanyUser[]> {
  return call(listCompanyUsers, companyId === undefined ? {} : { target_company_id: companyId }, { signal });
}

export function companyUsersQueryOptions(companyId: number | undefined) {
  return queryOptions({
    queryKey: [...COMPANY_USERS_KEY, companyId ?? 'own'],
    queryFn: ({ signal }) => fetchCompanyUsers(companyId, signal),
  });
}

export function useCompanyUsers(companyId: number | undefined) {
  return useQuery(companyUsersQueryOptions(companyId));
}
