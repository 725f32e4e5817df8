import { getActiveServices } from '@portal/contract/billing/active-services';
import { adminCreateCreditPack, adminExpireCreditPack, adminListCreditPacks, listCreditPacks } from '@portal/contract/billing/credit-packs';
import { adminDailyStatsList } from '@portal/contract/billing/daily-stats';
import { listPlans, selectPlan } from '@portal/contract/billing/plans';
import { balanceHistory, creditSummary } from '@portal/contract/billing/summary';
import { listEligibleTrialRefunds, listTrialRefundHistory } from '@portal/contract/billing/trial-refunds';
import { billingHistory, userMyUsageTable } from '@portal/contract/billing/usage';
import { handle } from '../../platform/handle.ts';
import * as adminCredit from './admin-credit.ts';
import * as plans from './plans.ts';
import * as reads from './reads.ts';
import * as refunds from './refund-reads.ts';

export const billingHandlers = [
  handle(listPlans, (_input, ctx) => plans.listPlans(ctx), { readOnly: true }),
  handle(selectPlan, (input, ctx) => plans.selectPlan(ctx, input)),
  handle(listCreditPacks, (input, ctx) => reads.listCreditPacks(ctx, input), { readOnly: true }),
  handle(getActiveServices, (input, ctx) => reads.activeServices(ctx, input), { readOnly: true }),
  handle(userMyUsageTable, (input, ctx) => reads.usageTable(ctx, input), { readOnly: true }),
  handle(billingHistory, (input, ctx) => reads.billingHistory(ctx, input), { readOnly: true }),
  handle(creditSummary, (_input, ctx) => reads.creditSummary(ctx), { readOnly: true }),
  handle(balanceHistory, (_input, ctx) => reads.balanceHistory(ctx), { readOnly: true }),
  handle(adminDailyStatsList, (input, ctx) => reads.dailyStatsList(ctx, input), { readOnly: true }),
  handle(adminListCreditPacks, (input, ctx) => adminCredit.listPacks(ctx, input), { readOnly: true }),
  handle(adminCreateCreditPack, (input, ctx) => adminCredit.createPack(ctx, input)),
  handle(adminExpireCreditPack, (input, ctx) => adminCredit.expirePack(ctx, input)),
  handle(listEligibleTrialRefunds, (input, ctx) => refunds.listEligible(ctx, input), { readOnly: true }),
  handle(listTrialRefundHistory, (input, ctx) => refunds.listHistory(ctx, input), { readOnly: true }),
];
