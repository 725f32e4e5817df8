import { companyUsageByMonth, distributorUsageV2, setDistributorCommission } from '@portal/contract/reports/distributor-usage';
import { defineMutation, defineQuery } from '../../../../lib/call-hooks';

export const distributorUsageQuery = defineQuery(distributorUsageV2);
export const useSetDistributorCommission = defineMutation(setDistributorCommission, { invalidates: [distributorUsageV2] });
export const companyUsageQuery = defineQuery(companyUsageByMonth);
