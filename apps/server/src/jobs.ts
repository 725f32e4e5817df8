import { purgeUsedChallenges } from './domains/auth/bot-challenge.ts';
import * as lifecycle from './domains/companies/lifecycle.ts';
import * as notifications from './domains/notifications/service.ts';
import type { ScheduledJob } from './platform/scheduler.ts';

const MINUTE = 60_000;

/** Every scheduled job of every domain. */
export const ALL_JOBS: readonly ScheduledJob[] = [
  { name: 'expire-trials', everyMs: 5 * MINUTE, run: lifecycle.expireTrials },
  { name: 'finalize-pending-deletes', everyMs: 15 * MINUTE, run: lifecycle.finalizePendingDeletes },
  { name: 'purge-expired-email-links', everyMs: 60 * MINUTE, run: notifications.purgeExpiredTokens },
  { name: 'purge-used-bot-challenges', everyMs: 60 * MINUTE, run: purgeUsedChallenges },
];
