import { type MailCapture, linkIn, startMailCapture } from '../../apps/server/src/test/mail.ts';
import { SMTP_PORT } from './addresses.ts';

export { linkIn };
export type { MailCapture };

/**
 * Starts the SMTP server the portal's SMTP_URL names, keeping every mail it receives. One journey at
 * a time holds the port; close it when the journey ends.
 */
export function captureMail(): Promise<MailCapture> {
  return startMailCapture(SMTP_PORT);
}
