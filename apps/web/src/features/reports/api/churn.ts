import { churnTracking } from '@portal/contract/reports/churn';
import { defineQuery } from '../../../lib/call-hooks';

export const churnTrackingQuery = defineQuery(churnTracking);
