/**
 * Billing's public functions (rank 7): what other domains, the routes and the jobs use. Product domains
 * start, resize and stop services and read balances here, inside their own call's transaction; billing
 * never reads their tables (docs/decisions/0010). Every ledger write goes through these functions.
 */
export { chargeNextBatch, chargeServiceNow, chargingJob, runDailyCharging } from './charging.ts';
export {
  companiesCreditRestored,
  companiesOutOfCredit,
  CREDIT_ADDED,
  isOutOfCredit,
  isSuspendedForCredit,
  LOW_BALANCE_DAYS,
  markSuspendedForCredit,
  restoreIfCredited,
} from './credit-state.ts';
export { dayOf as billingDayOf, startOfDay as billingDayStart } from './days.ts';
export { type Estimates, estimatesOf } from './estimates.ts';
export { type CompanyFigures, companyFigures } from './figures.ts';
export {
  addCredit,
  balanceOf,
  expireCreditPack,
  expireDuePacksJob,
  isPackExpired,
  type NewCredit,
  type PackRow,
  verifyLedger,
} from './ledger.ts';
export {
  BOOSTER_VARIANTS,
  type BoosterVariant,
  type DailyStatsInput,
  listPlans,
  listPrices,
  type NewServiceInput,
  type OwnerRef,
  recomputeServicesJob,
  recordDailyStats,
  recordStorageAmounts,
  resizeService,
  runningServices,
  type ServiceRow,
  startService,
  stopService,
} from './service-registry.ts';
export { packView as creditPackView, latestDailyStats } from './reads.ts';
export {
  deviceRemoved,
  deviceSeen,
  devicesReported,
  latestRefundTime,
  REFUND_PACK_NAME,
  refundNewUsersJob,
} from './refunds.ts';
export { ledgerCheckJob, type OnLedgerMismatch } from './ledger-checks.ts';
