/**
 * Tickets' scheduled jobs, for the app's job list: reminders, P1 alert escalation and abandoned uploads, and the
 * system alert the ledger check pages with (decision 0092).
 */
export { escalateAlertsJob, raiseSystemAlert } from './alerts.ts';
export { purgeAbandonedUploadsJob } from './attachment-cleanup.ts';
export { remindersJob } from './ticket-reminders.ts';
