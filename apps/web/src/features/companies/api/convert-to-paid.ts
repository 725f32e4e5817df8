import { convertToPaid } from '@portal/contract/companies/company-lifecycle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateCompany } from './invalidate-company';

export function convertCompanyToPaid(id: number): Promise<null> {
  return call(convertToPaid, { target_id: id });
}

export function useConvertToPaid() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: convertCompanyToPaid, onSuccess: () => invalidateCompany(queryClient) });
}
