import { companyEventList } from '@portal/contract/companies/company-lookups';
import { callSource } from '../../../components/data-table/list-source';

export function companyEventsSource(companyId: number) {
  return callSource(companyEventList, { target_id: companyId });
}
