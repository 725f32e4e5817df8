import { EMAIL_VERIFICATION_TOKEN_HOURS, PASSWORD_RESET_TOKEN_MINUTES } from '@portal/contract/shared/security';
import type { Config } from '../../config.ts';
import { type MailContent, renderMail } from '../../platform/mail.ts';

const PRODUCT = 'Backup Portal';
const DEFAULT_ZONE = 'Pacific/Auckland';

/** A link into the portal at PUBLIC_URL (which may carry a base path). */
export function portalLink(config: Pick<Config, 'PUBLIC_URL'>, path: string, params: Record<string, string> = {}): string {
  const url = new URL(config.PUBLIC_URL);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  url.search = new URLSearchParams(params).toString();
  return url.toString();
}

/** A time as the user reads it: their browser's zone when the portal knows it, else Pacific/Auckland. */
export function formatWhen(at: Date, timeZone: string | null | undefined): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-NZ', {
      timeZone: zone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(at);
  try {
    return format(timeZone || DEFAULT_ZONE);
  } catch {
    return format(DEFAULT_ZONE);
  }
}

const greeting = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');

export function verificationMail(link: string, name: string): MailContent {
  return {
    template: 'verify_email',
    subject: `Please verify your email address for ${PRODUCT}`,
    ...renderMail({
      heading: 'Verify your email address',
      paragraphs: [
        greeting(name),
        `Please confirm that this is your email address by opening the link below. The link works once and expires after ${EMAIL_VERIFICATION_TOKEN_HOURS} hours.`,
      ],
      action: { label: 'Verify email address', url: link },
      footer: 'If you did not expect this mail, you can ignore it.',
    }),
  };
}

export function passwordResetMail(link: string, name: string, forgotLink: string): MailContent {
  return {
    template: 'reset_password',
    subject: `Reset your ${PRODUCT} password`,
    ...renderMail({
      heading: 'Reset your password',
      paragraphs: [
        greeting(name),
        `Someone asked to reset the password of your account. Open the link below to choose a new one. The link works once and expires after ${PASSWORD_RESET_TOKEN_MINUTES} minutes.`,
        `If it has expired, ask for a new one here: ${forgotLink}`,
      ],
      action: { label: 'Choose a new password', url: link },
      footer: 'If you did not ask for this, you can ignore this mail: your password stays as it is.',
    }),
  };
}

export function newSignInMail(o: { name: string; when: string; ip: string; userAgent: string; accountLink: string }): MailContent {
  return {
    template: 'new_sign_in',
    subject: `New sign-in to your ${PRODUCT} account`,
    ...renderMail({
      heading: 'New sign-in to your account',
      paragraphs: [
        greeting(o.name),
        'Your account was just signed in to:',
        `Time: ${o.when}`,
        `Address: ${o.ip}`,
        `Browser: ${o.userAgent.slice(0, 200) || 'unknown'}`,
        'If this was you, there is nothing to do. If not, change your password now and sign out the sessions you do not recognise.',
      ],
      action: { label: 'Review your account', url: o.accountLink },
    }),
  };
}

export function recoveryPassphraseUsedMail(o: { name: string; when: string; ip: string; passphraseLink: string }): MailContent {
  return {
    template: 'recovery_passphrase_used',
    subject: `Your ${PRODUCT} recovery passphrase was used`,
    ...renderMail({
      heading: 'Your recovery passphrase was used',
      paragraphs: [
        greeting(o.name),
        `Your recovery passphrase was used to sign in to your account (${o.when}, from ${o.ip}).`,
        'A recovery passphrase works once, so it no longer does. Make a new one now and keep it somewhere safe.',
        'If this was not you, reset your password and make a new passphrase at once.',
      ],
      action: { label: 'Make a new recovery passphrase', url: o.passphraseLink },
    }),
  };
}

export function twoFactorChangedMail(o: { name: string; change: string; when: string; securityLink: string }): MailContent {
  return {
    template: 'two_factor_changed',
    subject: `Two-factor sign-in changed on your ${PRODUCT} account`,
    ...renderMail({
      heading: 'Two-factor sign-in changed',
      paragraphs: [
        greeting(o.name),
        `${o.change} (${o.when}).`,
        'If you did not make this change, reset your password and review your two-factor settings now.',
      ],
      action: { label: 'Review two-factor settings', url: o.securityLink },
    }),
  };
}

/** Cents as dollars, as the portal shows money: $1,234.50 or -$2.00. */
export function dollars(cents: number): string {
  const text = (Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${cents < 0 ? '-' : ''}$${text}`;
}

export function lowBalanceMail(o: { name: string; balance: string; daysLeft: number; topupLink: string }): MailContent {
  const days = o.daysLeft === 1 ? 'about 1 day' : `about ${o.daysLeft} days`;
  return {
    template: 'low_balance',
    subject: `Your ${PRODUCT} credit is running low`,
    ...renderMail({
      heading: 'Your credit is running low',
      paragraphs: [
        greeting(o.name),
        `Your balance is ${o.balance}, which lasts ${days} at your recent usage.`,
        'When the credit runs out the account is suspended until credit is added. Add credit now, or set up automatic payments so it never runs out.',
      ],
      action: { label: 'Add credit', url: o.topupLink },
    }),
  };
}

export function outOfCreditMail(o: { name: string; company: string; balance: string; topupLink: string }): MailContent {
  return {
    template: 'out_of_credit',
    subject: `${o.company} is suspended: out of credit`,
    ...renderMail({
      heading: 'Your account is suspended',
      paragraphs: [
        greeting(o.name),
        `${o.company} has run out of credit (balance ${o.balance}), so the account is suspended.`,
        'Add credit to make it active again at once; what is owed is paid from the new credit first.',
      ],
      action: { label: 'Add credit', url: o.topupLink },
    }),
  };
}

export function newUserRefundMail(o: { name: string; amount: string; devices: number; creditLink: string }): MailContent {
  return {
    template: 'new_user_refund',
    subject: `${o.amount} credited back for removed devices`,
    ...renderMail({
      heading: 'Usage credited back',
      paragraphs: [
        greeting(o.name),
        `${o.devices === 1 ? 'A device was' : `${o.devices} devices were`} removed within the customer guarantee window, so ${o.amount} of usage charged for ${o.devices === 1 ? 'it' : 'them'} has been credited back to your account as a refund credit pack.`,
      ],
      action: { label: 'See your credit', url: o.creditLink },
    }),
  };
}
