import { adminCreateCompany, distributorCreateCompany } from '@portal/contract/companies/company-create';
import type { CallInput } from '@portal/contract/shared/define-call';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateCompany } from './invalidate-company';

export type AdminNewCompany = CallInput<typeof adminCreateCompany>;
export type DistributorNewCompany = CallInput<typeof distributorCreateCompany>;

export type NewCompanyRequest = { viewer: 'admin'; input: AdminNewCompany } | { viewer: 'distributor'; input: DistributorNewCompany };

export function createCompanyRequest(request: NewCompanyRequest): Promise<{ company_id: number }> {
  return request.viewer === 'admin' ? call(adminCreateCompany, request.input) : call(distributorCreateCompany, request.input);
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCompanyRequest, onSuccess: () => invalidateCompany(queryClient) });
}
