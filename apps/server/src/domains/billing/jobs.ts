/**
 * Billing's scheduled jobs, for the app's job list (apps/server/src/jobs.ts) alone: the daily charges, expired
 * packs, the active services' figures, the weekly new-user refunds, the ledger check and the Legacy deadline.
 */
export { chargingJob } from './charging.ts';
export { expireDuePacksJob } from './ledger.ts';
export { ledgerCheckJob, type OnLedgerMismatch } from './ledger-checks.ts';
export { applyLegacyDeadline } from './plans.ts';
export { refundNewUsersJob } from './refunds.ts';
export { recomputeServicesJob } from './service-registry.ts';
