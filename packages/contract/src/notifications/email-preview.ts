import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';

/**
 * Every mail the portal sends, by template name, with the label the preview dropdown shows. The server
 * defines each template against this list with its sample data (domains/notifications/templates.ts), and
 * a test fails when a name here has no template or a template is not here, so the list stays whole.
 */
export const EMAIL_TEMPLATES = {
  verify_email: 'Verify email address',
  reset_password: 'Reset password',
  new_sign_in: 'New sign-in',
  recovery_passphrase_used: 'Recovery passphrase used',
  two_factor_changed: 'Two-factor sign-in changed',
  low_balance: 'Low balance',
  out_of_credit: 'Out of credit (suspended)',
  new_user_refund: 'New user refund',
  career_test: 'Career test invitation',
  payment_receipt: 'Payment receipt',
  card_added: 'Card added',
  card_removed: 'Card removed',
  ticket_reply: 'Ticket reply from support',
  ticket_closed: 'Ticket closed',
  ticket_customer_reply: 'Ticket reply from the customer',
  ticket_reminder: 'Ticket reminder',
  auto_topup_failed: 'Automatic top-up not made',
  hosted_sender_verification: 'Hosted server sender address verification',
} as const;

export type EmailTemplateName = keyof typeof EMAIL_TEMPLATES;
export const EMAIL_TEMPLATE_NAMES = Object.keys(EMAIL_TEMPLATES) as [EmailTemplateName, ...EmailTemplateName[]];

export const SELECT_EMAIL_TEMPLATE = 'Please select an email template';

export const previewDebugEmail = defineCall({
  path: '/api/v1/web/PreviewDebugEmail',
  summary: 'One mail template rendered with sample data, for the admin to look at; nothing is queued or sent.',
  input: z.object({ emailTypeEnum: z.enum(EMAIL_TEMPLATE_NAMES, { error: SELECT_EMAIL_TEMPLATE }) }),
  output: z.object({ template: z.string(), subject: z.string(), html: z.string(), text: z.string() }),
  access: { roles: ['admin'] },
});
