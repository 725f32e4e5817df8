import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zEmail } from '../shared/fields.ts';
import { zHostedServerId } from './hosted.ts';

/**
 * The Hosted server settings dialog (spec-1 §3 hosted server, §4 email verification, §5 SMTP, §8; docs/decisions/0053):
 * tab Custom Domain (the domain, whether it is used, a DNS check) and tab Email Setup (who the console's mail is
 * sent as, through SES or the customer's SMTP server, with a connection test and the sender's verification).
 */

/** spec-1 §5 and §9: the SMTP port defaults to 587 and security to tls. */
export const DEFAULT_SMTP_PORT = 587;
export const SMTP_MODES = ['ses', 'smtp'] as const;
export const SMTP_SECURITIES = ['tls', 'starttls', 'plain'] as const;
export type SmtpMode = (typeof SMTP_MODES)[number];
export type SmtpSecurity = (typeof SMTP_SECURITIES)[number];
export const SMTP_SECURITY_LABELS: Record<SmtpSecurity, string> = {
  tls: 'TLS',
  starttls: 'STARTTLS',
  plain: 'None (plain text)',
};
/** spec-1 §9: a verification mail may be sent again after 60 s. */
export const VERIFICATION_COOLDOWN_SECONDS = 60;
/** spec-1 §9: the link in it works for 48 hours. */
export const VERIFICATION_LINK_HOURS = 48;

/** What the SMTP test and the DNS check answer when all is well (spec-1 §8). */
export const SMTP_TEST_PASSED = 'Passed';
export const DNS_CHECK_VALID = 'Valid';

export const HOSTED_SETTINGS_MESSAGES = {
  domain: 'Enter a domain name, such as backup.example.com',
  domainRequired: 'Enter the domain before using it',
  domainIsOurs: 'Enter a domain of your own; this one is the console’s own address',
  sendAs: 'Enter the name your emails are sent as',
  smtpMode: 'Choose SES or SMTP',
  smtpHost: 'Enter the SMTP server’s host name',
  smtpPort: 'Enter a port from 1 to 65535',
  smtpSecurity: 'Choose TLS, STARTTLS or none',
  smtpPassword: 'Enter the SMTP password',
  smtpUsername: 'Enter the SMTP user name',
  notReady: 'This server is not ready yet; its settings can be changed once it is',
  alreadyVerified: 'This address is already verified',
  cooldown: (seconds: number) => `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before sending another verification email`,
  linkInvalid: 'This verification link is invalid or has expired. Send a new one from the server’s settings.',
  noDomain: 'Enter the domain to check',
} as const;

/** A host name of at least two labels, each 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen. */
export const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;
const zDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, { error: HOSTED_SETTINGS_MESSAGES.domain })
  .refine((d) => d === '' || DOMAIN_PATTERN.test(d), { error: HOSTED_SETTINGS_MESSAGES.domain });
const zSmtpHost = z
  .string()
  .trim()
  .max(253, { error: HOSTED_SETTINGS_MESSAGES.smtpHost })
  .refine((h) => h === '' || /^[A-Za-z0-9.:-]+$/.test(h), { error: HOSTED_SETTINGS_MESSAGES.smtpHost });
const zSmtpPort = z
  .number({ error: HOSTED_SETTINGS_MESSAGES.smtpPort })
  .int({ error: HOSTED_SETTINGS_MESSAGES.smtpPort })
  .min(1, { error: HOSTED_SETTINGS_MESSAGES.smtpPort })
  .max(65535, { error: HOSTED_SETTINGS_MESSAGES.smtpPort })
  .default(DEFAULT_SMTP_PORT);
const zSmtpSecurity = z.enum(SMTP_SECURITIES, { error: HOSTED_SETTINGS_MESSAGES.smtpSecurity }).default('tls');

/** The target_smtp_* fields; an empty password keeps the one stored (it is write-only). */
const smtpFields = {
  target_smtp_host: zSmtpHost.default(''),
  target_smtp_port: zSmtpPort,
  target_smtp_username: z.string().trim().max(254).default(''),
  target_smtp_password: z.string().max(500).default(''),
  target_smtp_security: zSmtpSecurity,
  target_smtp_accept_invalid_certificate: z.boolean().default(false),
};

export const zHostedSettings = z.object({
  user_dns: z.string(),
  user_custom_dns: z.string(),
  use_custom_dns: z.boolean(),
  send_as_email_address: z.string(),
  send_as_display_name: z.string(),
  send_as_email_verified: z.boolean(),
  send_as_dmarc_verified: z.boolean(),
  smtp_mode: z.enum(SMTP_MODES),
  smtp_host: z.string(),
  smtp_port: z.number().int(),
  smtp_username: z.string(),
  /** The password itself is never answered; only whether one is stored. */
  smtp_password_set: z.boolean(),
  smtp_security: z.enum(SMTP_SECURITIES),
  smtp_accept_invalid_certificate: z.boolean(),
  /** When another verification mail may be sent (null: now). */
  verification_resend_at: z.string().nullable(),
});
export type HostedSettings = z.infer<typeof zHostedSettings>;

const hostedOnly = { roles: ['customer'], capability: 'use_hosted' } as const;

export const hostedUpdateBranding = defineCall({
  path: '/api/v1/hosted_comet/update_branding',
  summary:
    "Saves a ready console's settings: its custom domain and whether it is used, who its mail is sent as, and how (SES, or the customer's SMTP server). An empty password keeps the stored one; a new sender address must be verified again.",
  input: z.object({
    target_hosted_server_id: zHostedServerId,
    target_custom_dns: zDomain.default(''),
    target_use_custom_dns: z.boolean().default(false),
    target_email_from: zEmail,
    target_email_send_as: z
      .string()
      .trim()
      .min(1, { error: HOSTED_SETTINGS_MESSAGES.sendAs })
      .max(100, { error: HOSTED_SETTINGS_MESSAGES.sendAs }),
    target_smtp_mode: z.enum(SMTP_MODES, { error: HOSTED_SETTINGS_MESSAGES.smtpMode }).default('ses'),
    ...smtpFields,
  }),
  output: zHostedSettings,
  access: hostedOnly,
  example: { target_hosted_server_id: 1, target_email_from: 'backups@example.com', target_email_send_as: 'Example Backups' },
});

export const hostedTestSmtpCredentials = defineCall({
  path: '/api/v1/hosted_comet/test_smtp_credentials',
  summary:
    'Connects to the SMTP server with the security mode given and signs in with the user name and password (the stored password when none is given): answers Passed or the server’s message. Nothing is saved.',
  input: z.object({
    target_hosted_server_id: zHostedServerId,
    ...smtpFields,
    target_smtp_host: zSmtpHost.refine((h) => h !== '', { error: HOSTED_SETTINGS_MESSAGES.smtpHost }),
  }),
  output: z.object({ passed: z.boolean(), message: z.string() }),
  access: hostedOnly,
  example: { target_hosted_server_id: 1, target_smtp_host: '127.0.0.1', target_smtp_port: 9 },
});

export const hostedValidateMailFromDns = defineCall({
  path: '/api/v1/hosted_comet/validate_mail_from_dns_async',
  summary:
    "Checks that the custom domain (the one given, else the stored one) has a CNAME to the console's address or an A record to one of its addresses, through the portal's resolver: answers Valid or what is wrong.",
  input: z.object({ target_hosted_server_id: zHostedServerId, target_custom_dns: zDomain.default('') }),
  output: z.object({ valid: z.boolean(), message: z.string() }),
  access: hostedOnly,
  example: { target_hosted_server_id: 1, target_custom_dns: 'backup.example.com' },
});

export const hostedCheckEmailVerification = defineCall({
  path: '/api/v1/hosted_comet/check_email_verification_async',
  summary:
    'Whether the sender address is verified (its link was opened) and whether its domain publishes a DMARC record (_dmarc.<domain> TXT v=DMARC1), looked up now and remembered. DNS changes can take up to 72 hours.',
  input: z.object({ target_hosted_server_id: zHostedServerId }),
  output: z.object({ is_verified: z.boolean(), is_dmarc_verified: z.boolean(), verification_resend_at: z.string().nullable() }),
  access: hostedOnly,
});

export const hostedResendVerificationEmail = defineCall({
  path: '/api/v1/hosted_comet/resend_verification_email',
  summary: 'Mails a verification link to the sender address, at most once every 60 seconds per console.',
  input: z.object({ target_hosted_server_id: zHostedServerId }),
  output: z.object({ verification_resend_at: z.string() }),
  access: hostedOnly,
});

export const hostedConfirmSenderEmail = defineCall({
  path: '/api/v1/hosted_comet/confirm_sender_email',
  summary: 'The link in a verification mail: marks the console’s sender address verified, if it is still the address the link was sent to.',
  input: z.object({ token: z.string().min(1).max(200) }),
  output: z.object({ email: z.string() }),
  access: { public: true },
  example: { token: 'unknown-token' },
});
