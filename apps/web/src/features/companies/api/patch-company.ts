import { adminPatchCompany, distributorPatchCompany } from '@portal/contract/companies/company-patch';
import type { CallInput } from '@portal/contract/shared/define-call';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { CompanyViewer } from './describe-company';
import { invalidateCompany } from './invalidate-company';

export type AdminCompanyPatch = CallInput<typeof adminPatchCompany>;

/** Distributors may send only their subset; the server rejects the rest. */
export function patchCompany(viewer: CompanyViewer, patch: AdminCompanyPatch): Promise<null> {
  return viewer === 'admin' ? call(adminPatchCompany, patch) : call(distributorPatchCompany, patch);
}

export function usePatchCompany(viewer: CompanyViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AdminCompanyPatch) => patchCompany(viewer, patch),
    onSuccess: () => invalidateCompany(queryClient),
  });
}
