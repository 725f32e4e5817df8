import { migrateCompany } from '@portal/contract/companies/company-lifecycle';
import type { CallInput, CallOutput } from '@portal/contract/shared/define-call';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateCompany } from './invalidate-company';

export function migrateCompanyRequest(input: CallInput<typeof migrateCompany>): Promise<CallOutput<typeof migrateCompany>> {
  return call(migrateCompany, input);
}

export function useMigrateCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: migrateCompanyRequest, onSuccess: () => invalidateCompany(queryClient) });
}
