import { requestLogList } from '@portal/contract/admin-tools/request-log-list';
import { impersonate } from '@portal/contract/auth/impersonate';
import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { adminCreateCompany, distributorCreateCompany } from '@portal/contract/companies/company-create';
import { adminDescribeCompany, distributorDescribeCompany } from '@portal/contract/companies/company-describe';
import { convertToPaid, deleteCompany, migrateCompany, reactivateCompany } from '@portal/contract/companies/company-lifecycle';
import { companyEventList, distributorListCompanies, listDistributors, listSales } from '@portal/contract/companies/company-lookups';
import { adminPatchCompany, distributorPatchCompany } from '@portal/contract/companies/company-patch';
import { adminLiftSuspension, adminSuspendCompany, getSuspension } from '@portal/contract/companies/company-suspension';
import {
  addDistributorRegion,
  distributorRegionList,
  getDistributorSettings,
  listRegions,
  patchDistributorSettings,
  removeDistributorRegion,
} from '@portal/contract/companies/distributor-settings';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import type { CallInput } from '@portal/contract/shared/define-call';
import type { CompanyState } from '@portal/contract/shared/fields';
import { listCompanyUsers, createUser, deleteUser, patchUser } from '@portal/contract/users/company-users';
import { useQuery } from '@tanstack/react-query';
import { callSource } from '../../../components/data-table/list-source';
import { defineMutation, defineQuery } from '../../../lib/call-hooks';
import { setSignedIn } from '../../auth/api';

/** Admins and distributors read and change a company through different calls; distributors see a subset. */
export type CompanyViewer = 'admin' | 'distributor';
export type DistributorRestrict = 'all' | 'trial';
export type AdminCompanyPatch = CallInput<typeof adminPatchCompany>;

// Lists, for DataTable: the table adds paging, search and sort to the call's own filters.
export const adminCompanyListSource = (states: readonly CompanyState[]) =>
  callSource(adminCompanyList, { target_company_states: [...states] });
export const distributorCompanyListSource = (restrict: DistributorRestrict) =>
  callSource(distributorListCompanies, { target_restrict: restrict });
export const companyEventsSource = (companyId: number) => callSource(companyEventList, { target_id: companyId });
export const requestLogSource = (companyId: number) => callSource(requestLogList, { target_id: companyId });
export const distributorRegionSource = (companyId: number) => callSource(distributorRegionList, { target_id: companyId });

const adminDescribe = defineQuery(adminDescribeCompany);
const distributorDescribe = defineQuery(distributorDescribeCompany);
export const companyDetailQueryOptions = (viewer: CompanyViewer, id: number) =>
  (viewer === 'admin' ? adminDescribe : distributorDescribe).options({ target_id: id });
export const useCompanyDetail = (viewer: CompanyViewer, id: number) => useQuery(companyDetailQueryOptions(viewer, id));

const companyUsers = defineQuery(listCompanyUsers);
/** Without a company the server answers with the caller's own company. */
export const companyUsersQueryOptions = (companyId: number | undefined) =>
  companyUsers.options(companyId === undefined ? {} : { target_company_id: companyId });
export const useCompanyUsers = (companyId: number | undefined) => useQuery(companyUsersQueryOptions(companyId));

// Pickers: these change rarely.
const distributors = defineQuery(listDistributors, { staleTime: 60_000 });
export const useDistributors = (enabled = true) => distributors.useQuery({}, { enabled });
const sales = defineQuery(listSales, { staleTime: 60_000 });
export const useSales = sales.useQuery;
const regions = defineQuery(listRegions, { staleTime: 300_000 });
export const useRegions = regions.useQuery;

const distributorSettings = defineQuery(getDistributorSettings);
export const useDistributorSettings = (companyId: number) => distributorSettings.useQuery({ target_id: companyId });
export const usePatchDistributorSettings = defineMutation(patchDistributorSettings, { invalidates: [getDistributorSettings] });

export const useAddRegion = defineMutation(addDistributorRegion, { invalidates: [distributorRegionList] });
export const useRemoveRegion = defineMutation(removeDistributorRegion, { invalidates: [distributorRegionList] });

/** After any change to a company: its dialog and every company list reload. */
const COMPANY_VIEWS = { invalidates: [adminDescribeCompany, distributorDescribeCompany, adminCompanyList, distributorListCompanies] };

export const useAdminCreateCompany = defineMutation(adminCreateCompany, COMPANY_VIEWS);
export const useDistributorCreateCompany = defineMutation(distributorCreateCompany, COMPANY_VIEWS);
const useAdminPatchCompany = defineMutation(adminPatchCompany, COMPANY_VIEWS);
const useDistributorPatchCompany = defineMutation(distributorPatchCompany, COMPANY_VIEWS);
/** The viewer's patch call; distributors may send only their subset, and the server rejects the rest. */
export function usePatchCompany(viewer: CompanyViewer) {
  const asAdmin = useAdminPatchCompany();
  const asDistributor = useDistributorPatchCompany();
  return viewer === 'admin' ? asAdmin : asDistributor;
}
export const useConvertToPaid = defineMutation(convertToPaid, COMPANY_VIEWS);
export const useDeleteCompany = defineMutation(deleteCompany, COMPANY_VIEWS);
export const useMigrateCompany = defineMutation(migrateCompany, COMPANY_VIEWS);
// Without a company it is the signed-in user's own (the pending-delete page): its state is in the auth context.
export const useReactivateCompany = defineMutation(reactivateCompany, { invalidates: [...COMPANY_VIEWS.invalidates, getAuthContext] });

/** Why the signed-in user's company is suspended: the suspended page and the dashboard name it. */
export const suspensionQuery = defineQuery(getSuspension);
export const useSuspendCompany = defineMutation(adminSuspendCompany, COMPANY_VIEWS);
export const useLiftSuspension = defineMutation(adminLiftSuspension, COMPANY_VIEWS);

/** The answer is the new identity: it replaces the admin's before the page moves on, so guards see it at once. */
export const useImpersonateCompany = defineMutation(impersonate, { onSuccess: (queryClient, auth) => setSignedIn(queryClient, auth) });

/** A company's users are listed on their own and in the company dialog. */
const USER_VIEWS = { invalidates: [listCompanyUsers, adminDescribeCompany, distributorDescribeCompany] };
export const useCreateUser = defineMutation(createUser, USER_VIEWS);
export const usePatchUser = defineMutation(patchUser, USER_VIEWS);
export const useDeleteUser = defineMutation(deleteUser, USER_VIEWS);
