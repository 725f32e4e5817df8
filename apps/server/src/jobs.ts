import { purgeUsedChallenges } from './domains/auth/jobs.ts';
import * as billingJobs from './domains/billing/jobs.ts';
import * as lifecycle from './domains/companies/lifecycle.ts';
import * as customerPortalJobs from './domains/customer-portal/jobs.ts';
import * as notifications from './domains/notifications/jobs.ts';
import * as paymentJobs from './domains/payments/jobs.ts';
import * as currentMonthReports from './domains/reports/current-month/service.ts';
import * as serverJobs from './domains/servers/jobs.ts';
import * as storageJobs from './domains/storage/jobs.ts';
import * as ticketJobs from './domains/tickets/jobs.ts';
import { purgeEndedCounters } from './platform/rate-limit-store.ts';
import type { ScheduledJob } from './platform/scheduler.ts';

const MINUTE = 60_000;

/** Every scheduled job of every domain. */
export const ALL_JOBS: readonly ScheduledJob[] = [
  { name: 'expire-trials', everyMs: 5 * MINUTE, run: lifecycle.expireTrials },
  { name: 'finalize-pending-deletes', everyMs: 15 * MINUTE, run: lifecycle.finalizePendingDeletes },
  // Billing: the daily charges (a batch of companies per run, days in order), expired packs, the active
  // services' figures ("updated twice a day": each service is recomputed when 11 hours old), and the
  // lifecycle's out-of-credit suspension and return to ACTIVE, which it asks billing about.
  { name: 'charge-daily', everyMs: 10 * MINUTE, run: billingJobs.chargingJob },
  { name: 'expire-credit-packs', everyMs: 15 * MINUTE, run: billingJobs.expireDuePacksJob },
  // After every charging day, the rows written since the last check are checked; a mismatch pages (decision 0092).
  { name: 'check-ledger', everyMs: 10 * MINUTE, run: (ctx) => billingJobs.ledgerCheckJob(ctx, ticketJobs.raiseSystemAlert) },
  { name: 'recompute-active-services', everyMs: 60 * MINUTE, run: billingJobs.recomputeServicesJob },
  { name: 'suspend-out-of-credit', everyMs: 2 * MINUTE, run: lifecycle.suspendOutOfCredit },
  { name: 'restore-credited-companies', everyMs: MINUTE, run: lifecycle.restoreCreditedCompanies },
  // Payments: automatic top-up looks at each company that turned it on about once an hour (decision 0028).
  { name: 'auto-topup', everyMs: 15 * MINUTE, run: paymentJobs.autoTopupJob },
  // Pay-once and invoice charges whose page never came back are settled with the gateway an hour on (decision 0071).
  { name: 'settle-abandoned-charges', everyMs: 15 * MINUTE, run: paymentJobs.settleAbandonedChargesJob },
  // Weekly at Sunday 08:00 UTC: it wakes every half hour and acts on what that time has made due.
  { name: 'new-user-refunds', everyMs: 30 * MINUTE, run: billingJobs.refundNewUsersJob },
  // From 1 January 2025, Legacy companies move to their chosen plan or the most cost-effective one.
  { name: 'apply-legacy-deadline', everyMs: 60 * MINUTE, run: billingJobs.applyLegacyDeadline },
  { name: 'purge-expired-email-links', everyMs: 60 * MINUTE, run: notifications.purgeExpiredTokens },
  { name: 'purge-used-bot-challenges', everyMs: 60 * MINUTE, run: purgeUsedChallenges },
  // The shared rate limit's counters of clients gone quiet (docs/decisions/0052).
  { name: 'purge-rate-limit-counters', everyMs: 60 * MINUTE, run: (ctx) => purgeEndedCounters(ctx.db) },
  // Tickets: open tickets without news for their reminder period remind their assignees.
  { name: 'ticket-reminders', everyMs: 15 * MINUTE, run: ticketJobs.remindersJob },
  // P1 alerts unanswered for 15 minutes call the whole rotation; each minute, so the call is at most a minute late.
  // Uploads for tickets never sent (unfinished, or finished and never put on a comment) go after a day (decision 0070).
  { name: 'purge-abandoned-uploads', everyMs: 60 * MINUTE, run: ticketJobs.purgeAbandonedUploadsJob },
  { name: 'escalate-p1-alerts', everyMs: MINUTE, run: ticketJobs.escalateAlertsJob },
  // Hosted consoles: builds and removals move on when the provisioner says they are done (decision 0048).
  { name: 'hosted-provisioner', everyMs: 5_000, run: (ctx) => serverJobs.hostedProvisionerJob(ctx) },
  // Storage: what each account stores at the provider, per region and day, for the history and billing (decision 0055).
  // Customer portals: builds and removals move on when the provisioner says they are done (decision 0057).
  { name: 'customer-portal-provisioner', everyMs: 5_000, run: (ctx) => customerPortalJobs.portalProvisionerJob(ctx) },
  { name: storageJobs.UTILIZATION_JOB, everyMs: 60 * MINUTE, run: (ctx) => storageJobs.utilizationJob(ctx) },
  // Reports: the Current Month widgets, computed ahead so opening /reports reads one row each (decision 0059).
  { name: 'regenerate-report-widgets', everyMs: 5 * MINUTE, run: (ctx) => currentMonthReports.regenerateWidgetsJob(ctx) },
];
