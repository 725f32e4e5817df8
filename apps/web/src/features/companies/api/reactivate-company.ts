import { reactivateCompany } from '@portal/contract/companies/company-lifecycle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateCompany } from './invalidate-company';

export function reactivateCompanyRequest(id: number): Promise<null> {
  return call(reactivateCompany, { target_company_id: id });
}

export function useReactivateCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reactivateCompanyRequest, onSuccess: () => invalidateCompany(queryClient) });
}
