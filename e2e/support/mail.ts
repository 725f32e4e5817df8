import { expect } from '@playwright/test';
import { type MailCapture, linkIn, startMailCapture } from '../../apps/server/src/test/mail.ts';
import { SMTP_PORT } from './addresses.ts';

export type { MailCapture };

/**
 * Starts the SMTP server the portal's SMTP_URL names, keeping every mail it receives. One journey at
 * a time holds the port; close it when the journey ends.
 */
export function captureMail(): Promise<MailCapture> {
  return startMailCapture(SMTP_PORT);
}

/** The link in the first mail to `to` that has one containing `containing`, waiting for it to arrive. */
export async function linkInMailTo(mailbox: MailCapture, to: string, containing: string): Promise<URL> {
  const address = to.toLowerCase();
  const find = () => mailbox.mails.find((m) => m.to.includes(address) && m.text.includes(containing));
  await expect.poll(() => find()?.subject, { message: `a mail to ${to} with ${containing}`, timeout: 15_000 }).toBeTruthy();
  return linkIn(find() ?? null, containing);
}
