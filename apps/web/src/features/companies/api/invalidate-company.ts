import { distributorListCompanies } from '@portal/contract/companies/company-lookups';
import type { QueryClient } from '@tanstack/react-query';
import { listQueryKey } from '../../../components/data-table/list-source';
import { ADMIN_COMPANY_LIST_KEY } from './admin-company-list';
import { COMPANY_DESCRIBE_KEY } from './describe-company';

/** After any change to a company: its dialog and every company list reload. */
export function invalidateCompany(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: COMPANY_DESCRIBE_KEY }),
    queryClient.invalidateQueries({ queryKey: ADMIN_COMPANY_LIST_KEY }),
    queryClient.invalidateQueries({ queryKey: listQueryKey(distributorListCompanies) }),
  ]).then(() => undefined);
}
