import {
  companyUsageByMonth,
  distributorUsageV2,
  getDistributorCommission,
  setDistributorCommission,
} from '@portal/contract/reports/distributor-usage';
import { adminCompaniesOnServerVersion } from '@portal/contract/reports/server-version';
import { reportsLive } from '@portal/contract/reports/tv';
import { type Handler, handle } from '../../platform/handle.ts';
import * as distributorUsage from './distributor-usage/service.ts';
import { adminUsageReport } from '@portal/contract/reports/customer-usage';
import { churnTracking } from '@portal/contract/reports/churn';
import * as churn from './churn/churn.ts';
import { handleStream } from '../../platform/stream.ts';
import * as customerUsage from './customer-usage.ts';
import { companiesOnServerVersion } from './server-versions.ts';
import { checkTvCredentials } from './tv/credentials.ts';
import { live } from './tv/live.ts';
import { downloadHandlers } from './downloads/routes.ts';
import { currentMonth } from '@portal/contract/reports/current-month';
import * as currentMonthWidgets from './current-month/service.ts';

/** The reports' calls: each area (current month, churn, usage, distributor usage, downloads, tv) adds its own. */
export const reportHandlers: Handler[] = [
  handle(churnTracking, (input, ctx) => churn.churnTracking(ctx, input), { replica: true }),
  handleStream(adminUsageReport, (input, ctx) => customerUsage.adminUsageReport(ctx, input)),
  handle(distributorUsageV2, (input, ctx) => distributorUsage.distributorUsage(ctx, input), { replica: true }),
  handle(getDistributorCommission, (input, ctx) => distributorUsage.commission(ctx, input), { readOnly: true }),
  handle(setDistributorCommission, (input, ctx) => distributorUsage.setCommission(ctx, input)),
  handle(companyUsageByMonth, (input, ctx) => distributorUsage.companyUsage(ctx, input), { replica: true }),
  handle(adminCompaniesOnServerVersion, (input, ctx) => companiesOnServerVersion(ctx, input), { replica: true }),
  // Not read-only: a widget missing from the cache is computed and stored, as /reports does.
  handle(reportsLive, (_input, ctx) => live(ctx), { before: (input, ctx) => checkTvCredentials(ctx, input) }),
  ...downloadHandlers,
  // Reads its cache on the primary and computes on the replica (current-month/service.ts, decision 0059).
  handle(currentMonth, (input, ctx) => currentMonthWidgets.currentMonth(ctx, input)),
];
