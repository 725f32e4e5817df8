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
