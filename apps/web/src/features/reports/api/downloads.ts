import { reportAnalyticsLinks } from '@portal/contract/reports/downloads';
import { defineQuery } from '../../../lib/call-hooks';

export const analyticsLinksQuery = defineQuery(reportAnalyticsLinks);
