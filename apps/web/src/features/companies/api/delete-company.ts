import { deleteCompany } from '@portal/contract/companies/company-lifecycle';
import type { CallInput, CallOutput } from '@portal/contract/shared/define-call';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateCompany } from './invalidate-company';

export function deleteCompanyRequest(input: CallInput<typeof deleteCompany>): Promise<CallOutput<typeof deleteCompany>> {
  return call(deleteCompany, input);
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCompanyRequest, onSuccess: () => invalidateCompany(queryClient) });
}
