import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import type { CompanyState } from '@portal/contract/shared/fields';
import { callSource, listQueryKey } from '../../../components/data-table/list-source';

/** Company mutations invalidate this prefix so every tab of the admin list reloads. */
export const ADMIN_COMPANY_LIST_KEY = listQueryKey(adminCompanyList);

export function adminCompanyListSource(states: readonly CompanyState[]) {
  return callSource(adminCompanyList, { target_company_states: [...states] });
}
