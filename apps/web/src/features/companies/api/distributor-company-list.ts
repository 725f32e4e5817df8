import { distributorListCompanies } from '@portal/contract/companies/company-lookups';
import { callSource } from '../../../components/data-table/list-source';

export type DistributorRestrict = 'all' | 'trial';

export function distributorCompanyListSource(restrict: DistributorRestrict) {
  return callSource(distributorListCompanies, { target_restrict: restrict });
}
