/** What other domains and the test factories use of tickets. */
export { create as createTicket } from './ticket-create.ts';
export { remindersJob } from './ticket-reminders.ts';
export { escalateAlertsJob, raiseSystemAlert } from './alerts.ts';
export { postComment as postTicketComment, ticketIdOf } from './ticket-post.ts';
export { purgeAbandonedUploadsJob } from './attachment-cleanup.ts';
