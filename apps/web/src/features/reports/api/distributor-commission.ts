import { distributorUsageV2, getDistributorCommission, setDistributorCommission } from '@portal/contract/reports/distributor-usage';
import { defineMutation, defineQuery } from '../../../lib/call-hooks';

/** A distributor's percentages, set in its company dialog's Distributor settings tab and shown in its usage report. */
export const distributorCommissionQuery = defineQuery(getDistributorCommission);
export const useSetDistributorCommission = defineMutation(setDistributorCommission, {
  invalidates: [getDistributorCommission, distributorUsageV2],
});
