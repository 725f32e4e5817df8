/** Payments' scheduled jobs, for the app's job list: automatic top-ups (decision 0028) and abandoned charges (0071). */
export { settleAbandonedChargesJob } from './abandoned-charges.ts';
export { autoTopupJob } from './auto-topup.ts';
