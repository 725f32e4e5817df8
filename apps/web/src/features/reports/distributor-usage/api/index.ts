import { companyUsageByMonth, distributorUsageV2 } from '@portal/contract/reports/distributor-usage';
import { defineQuery } from '../../../../lib/call-hooks';

export const distributorUsageQuery = defineQuery(distributorUsageV2);
export const companyUsageQuery = defineQuery(companyUsageByMonth);
