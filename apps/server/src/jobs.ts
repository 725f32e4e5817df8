import * as account from './domains/account/service.ts';
import * as lifecycle from './domains/companies/lifecycle.ts';
import type { ScheduledJob } from './platform/scheduler.ts';

const MINUTE = 60_000;

/** Every scheduled job of every domain. */
export const ALL_JOBS: readonly ScheduledJob[] = [
  { name: 'expire-trials', everyMs: 5 * MINUTE, run: lifecycle.expireTrials },
  { name: 'finalize-pending-deletes', everyMs: 15 * MINUTE, run: lifecycle.finalizePendingDeletes },
  { name: 'purge-expired-account-links', everyMs: 60 * MINUTE, run: account.purgeExpired },
];
