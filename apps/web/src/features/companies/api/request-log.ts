import { requestLogList } from '@portal/contract/admin-tools/request-log-list';
import { callSource } from '../../../components/data-table/list-source';

export function requestLogSource(companyId: number) {
  return callSource(requestLogList, { target_id: companyId });
}
