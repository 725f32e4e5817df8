import * as c from '@portal/contract/reports/downloads';
import { type Handler, handle } from '../../../platform/handle.ts';
import * as downloads from './downloads.ts';

/**
 * Each runs without a transaction on the replica (or the primary's pool), which stays open while its file
 * streams after the handler has answered.
 */
const onReplica = { replica: true };

export const downloadHandlers: Handler[] = [
  handle(c.dailyGeneralReport, (input, ctx) => downloads.dailyGeneral(ctx, input), onReplica),
  handle(c.enterpriseDeals, (input, ctx) => downloads.enterprise(ctx, input), onReplica),
  handle(c.reportFeedbacks, (input, ctx) => downloads.feedbacks(ctx, input), onReplica),
  handle(c.reportNebula, (input, ctx) => downloads.usageByMonth(ctx, input), onReplica),
  handle(c.reportCommission, (input, ctx) => downloads.commission(ctx, input), onReplica),
  handle(c.reportBalances, (input, ctx) => downloads.balances(ctx, input), onReplica),
  handle(c.reportConsumption, (input, ctx) => downloads.consumption(ctx, input), onReplica),
  handle(c.reportServerFeatures, (input, ctx) => downloads.serverFeatures(ctx, input), onReplica),
  handle(c.reportTickets, (input, ctx) => downloads.ticketStats(ctx, input), onReplica),
  handle(c.reportCustomersByServerVersion, (input, ctx) => downloads.customersByVersion(ctx, input), onReplica),
  handle(c.reportAnalyticsLinks, async (_input, ctx) => downloads.analyticsLinks(ctx), { readOnly: true }),
];
