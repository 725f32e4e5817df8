import type { CareerTestRole } from '@portal/contract/admin-tools/career-tests';
import type { EmailTemplateName } from '@portal/contract/notifications/email-preview';
import { EMAIL_VERIFICATION_TOKEN_HOURS, PASSWORD_RESET_TOKEN_MINUTES } from '@portal/contract/shared/security';
import { formatCents } from '@portal/contract/shared/money';
import type { Config } from '../../config.ts';
import { type MailContent, renderMail } from '../../platform/mail.ts';

/** What a template's sample data may read: links are built from the configured address, as real mail's are. */
type SampleConfig = Pick<Config, 'PUBLIC_URL'>;

interface TemplateDefinition<Input> {
  render: (input: Input) => MailContent;
  /** Made-up data that reads like a real mail, for the admin's preview. */
  sample: (config: SampleConfig) => Input;
}

// biome-ignore lint/suspicious/noExplicitAny: each entry keeps its own input type behind the name
const REGISTRY = new Map<EmailTemplateName, TemplateDefinition<any>>();

/**
 * The only way to write a mail template: it is registered under its name with sample data, so the admin's
 * preview lists every mail the portal sends without a second list to keep.
 */
function defineTemplate<Input>(
  name: EmailTemplateName,
  def: { sample: (config: SampleConfig) => Input; render: (input: Input) => Omit<MailContent, 'template'> },
): ((input: Input) => MailContent) & { templateName: EmailTemplateName } {
  if (REGISTRY.has(name)) throw new Error(`mail template ${name} is defined twice`);
  const render = (input: Input): MailContent => ({ template: name, ...def.render(input) });
  REGISTRY.set(name, { render, sample: def.sample });
  return Object.assign(render, { templateName: name });
}

/** The names of every template defined, in definition order. */
export const templateNames = (): EmailTemplateName[] => [...REGISTRY.keys()];

/** A template rendered with its sample data; null for a name no template has. */
export function renderSample(name: EmailTemplateName, config: SampleConfig): MailContent | null {
  const def = REGISTRY.get(name);
  return def ? def.render(def.sample(config)) : null;
}

const PRODUCT = 'Backup Portal';
/** A fixed moment for samples, so a preview reads the same every time. */
const SAMPLE_TIME = new Date('2026-03-14T02:30:00Z');
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

export const verificationMail = defineTemplate('verify_email', {
  sample: (config) => ({ link: portalLink(config, '/login', { method: 'email_token', t: 'sample-token' }), name: 'Casey Customer' }),
  render: ({ link, name }: { link: string; name: string }) => ({
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
  }),
});

/** A hosted console's sender address is verified by opening this link (docs/decisions/0053). */
export const hostedSenderVerificationMail = defineTemplate('hosted_sender_verification', {
  sample: (config) => ({
    link: portalLink(config, '/my_servers', { verify_sender: 'sample-token' }),
    serverName: 'example-backups-k2m9',
    displayName: 'Example Backups',
    hours: 48,
  }),
  render: ({ link, serverName, displayName, hours }: { link: string; serverName: string; displayName: string; hours: number }) => ({
    subject: `Verify the sender address of ${serverName}`,
    ...renderMail({
      heading: 'Verify this sender address',
      paragraphs: [
        'Hello,',
        `The hosted server ${serverName} on ${PRODUCT} will send its email from this address as ${displayName}. Please confirm that this address is yours by opening the link below. The link expires after ${hours} hours.`,
      ],
      action: { label: 'Verify sender address', url: link },
      footer: 'If you did not expect this mail, you can ignore it: nothing is sent from this address until it is verified.',
    }),
  }),
});

export const passwordResetMail = defineTemplate('reset_password', {
  sample: (config) => ({
    link: portalLink(config, '/update_password', { t: 'sample-token' }),
    name: 'Casey Customer',
    forgotLink: portalLink(config, '/forgot_password'),
  }),
  render: ({ link, name, forgotLink }: { link: string; name: string; forgotLink: string }) => ({
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
  }),
});

export const newSignInMail = defineTemplate('new_sign_in', {
  sample: (config) => ({
    name: 'Casey Customer',
    when: formatWhen(SAMPLE_TIME, null),
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/128.0',
    accountLink: portalLink(config, '/myaccount'),
  }),
  render: (o: { name: string; when: string; ip: string; userAgent: string; accountLink: string }) => ({
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
  }),
});

export const recoveryPassphraseUsedMail = defineTemplate('recovery_passphrase_used', {
  sample: (config) => ({
    name: 'Casey Customer',
    when: formatWhen(SAMPLE_TIME, null),
    ip: '203.0.113.7',
    passphraseLink: portalLink(config, '/passphrase'),
  }),
  render: (o: { name: string; when: string; ip: string; passphraseLink: string }) => ({
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
  }),
});

export const twoFactorChangedMail = defineTemplate('two_factor_changed', {
  sample: (config) => ({
    name: 'Casey Customer',
    change: 'Two-factor sign-in was turned off',
    when: formatWhen(SAMPLE_TIME, null),
    securityLink: portalLink(config, '/setup_two_factor'),
  }),
  render: (o: { name: string; change: string; when: string; securityLink: string }) => ({
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
  }),
});

export const lowBalanceMail = defineTemplate('low_balance', {
  sample: (config) => ({ name: 'Casey Customer', balance: formatCents(4230), daysLeft: 3, topupLink: portalLink(config, '/topup') }),
  render: (o: { name: string; balance: string; daysLeft: number; topupLink: string }) => {
    const days = o.daysLeft === 1 ? 'about 1 day' : `about ${o.daysLeft} days`;
    return {
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
  },
});

export const outOfCreditMail = defineTemplate('out_of_credit', {
  sample: (config) => ({
    name: 'Casey Customer',
    company: 'Example Backups Ltd',
    balance: formatCents(-1250),
    topupLink: portalLink(config, '/topup'),
  }),
  render: (o: { name: string; company: string; balance: string; topupLink: string }) => ({
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
  }),
});

export const newUserRefundMail = defineTemplate('new_user_refund', {
  sample: (config) => ({
    name: 'Casey Customer',
    amount: formatCents(1840),
    devices: 3,
    creditLink: portalLink(config, '/track_new_users'),
  }),
  render: (o: { name: string; amount: string; devices: number; creditLink: string }) => ({
    subject: `${o.amount} credited back for removed devices`,
    ...renderMail({
      heading: 'Usage credited back',
      paragraphs: [
        greeting(o.name),
        `${o.devices === 1 ? 'A device was' : `${o.devices} devices were`} removed within the customer guarantee window, so ${o.amount} of usage charged for ${o.devices === 1 ? 'it' : 'them'} has been credited back to your account as a refund credit pack.`,
      ],
      action: { label: 'See your credit', url: o.creditLink },
    }),
  }),
});

const CAREER_TEST_TITLES: Record<CareerTestRole, string> = {
  frontend_developer: 'Frontend developer',
  general_developer: 'General developer',
  junior_developer: 'Junior developer',
  php_developer: 'PHP developer',
};

export const careerTestMail = defineTemplate('career_test', {
  sample: () => ({ role: 'general_developer' as CareerTestRole, link: 'https://careers.example.com/tests/general-developer' }),
  render: (o: { role: CareerTestRole; link: string }) => ({
    subject: `Your ${CAREER_TEST_TITLES[o.role].toLowerCase()} skills test`,
    ...renderMail({
      heading: `${CAREER_TEST_TITLES[o.role]} skills test`,
      paragraphs: [
        'Hello,',
        `Thank you for your interest in working with us. As the next step, please take our ${CAREER_TEST_TITLES[o.role].toLowerCase()} skills test at the link below.`,
        'Take it when you have an uninterrupted hour; the instructions are on the first page.',
      ],
      action: { label: 'Start the test', url: o.link },
      footer: 'If you did not apply for a position with us, you can ignore this mail.',
    }),
  }),
});

export const paymentReceiptMail = defineTemplate('payment_receipt', {
  sample: (config) => ({
    name: 'Casey Customer',
    item: '$100 top-up',
    paid: formatCents(10_000),
    credit: formatCents(11_000),
    card: 'Visa ending 4242',
    when: formatWhen(SAMPLE_TIME, null),
    reference: 'txn_4f2a9c',
    billLink: portalLink(config, '/mybill'),
  }),
  render: (o: {
    name: string;
    item: string;
    paid: string;
    credit: string;
    card: string;
    when: string;
    reference: string;
    billLink: string;
  }) => ({
    subject: `Your ${PRODUCT} payment receipt`,
    ...renderMail({
      heading: 'Thank you for your payment',
      paragraphs: [
        greeting(o.name),
        `We charged ${o.paid} to your ${o.card} for ${o.item} (${o.when}).`,
        `Credit added: ${o.credit}.`,
        `Gateway reference: ${o.reference}.`,
      ],
      action: { label: 'View your bill', url: o.billLink },
    }),
  }),
});

/** Automatic top-up did not happen: the card refused, needs the customer present, or the monthly limit held it. */
export const autoTopupFailedMail = defineTemplate('auto_topup_failed', {
  sample: (config) => ({
    name: 'Casey Customer',
    item: '$100 top-up',
    reason: 'Your card ending 4242 was declined: Insufficient funds.',
    advice: 'Please pay once on the top-up page, or add another card, so your services keep running.',
    topupLink: portalLink(config, '/topup'),
  }),
  render: (o: { name: string; item: string; reason: string; advice: string; topupLink: string }) => ({
    subject: `Your ${PRODUCT} automatic top-up was not made`,
    ...renderMail({
      heading: 'Automatic top-up not made',
      paragraphs: [
        greeting(o.name),
        `Your credit is running low, and we could not make your automatic top-up (${o.item}).`,
        o.reason,
        o.advice,
        'We will not try again until your credit has been topped up or you save your automatic payment settings again.',
      ],
      action: { label: 'Pay once', url: o.topupLink },
    }),
  }),
});

export const cardAddedMail = defineTemplate('card_added', {
  sample: (config) => ({
    name: 'Casey Customer',
    card: 'Visa ending 4242',
    by: 'Casey Customer',
    cardsLink: portalLink(config, '/payment_methods'),
  }),
  render: (o: { name: string; card: string; by: string; cardsLink: string }) => ({
    subject: `A card was added to your ${PRODUCT} account`,
    ...renderMail({
      heading: 'A card was added',
      paragraphs: [
        greeting(o.name),
        `${o.by} added the card ${o.card} to your account. A $1 temporary hold checked the card and was released at once.`,
        'If you did not expect this, remove the card and change your password.',
      ],
      action: { label: 'Manage cards', url: o.cardsLink },
    }),
  }),
});

export const cardRemovedMail = defineTemplate('card_removed', {
  sample: (config) => ({
    name: 'Casey Customer',
    card: 'Visa ending 4242',
    by: 'Casey Customer',
    cardsLink: portalLink(config, '/payment_methods'),
  }),
  render: (o: { name: string; card: string; by: string; cardsLink: string }) => ({
    subject: `A card was removed from your ${PRODUCT} account`,
    ...renderMail({
      heading: 'A card was removed',
      paragraphs: [
        greeting(o.name),
        `${o.by} removed the card ${o.card} from your account.`,
        'Automatic payments need a saved card: add one if you use them.',
      ],
      action: { label: 'Manage cards', url: o.cardsLink },
    }),
  }),
});

/** Support tickets (issue 15): a staff reply or the closing reaches the customer; a customer reply reaches the assignees. */
interface TicketMailInput {
  name: string;
  ticketId: number;
  subject: string;
  by: string;
  body: string;
  ticketLink: string;
}
const ticketSample = (config: SampleConfig): TicketMailInput => ({
  name: 'Casey Customer',
  ticketId: 1042,
  subject: 'Backups fail since Monday',
  by: 'Sam Support',
  body: 'We have found the cause: the storage vault credentials expired. Please update them and run the job again.',
  ticketLink: portalLink(config, '/tickets/1042'),
});

export const ticketReplyMail = defineTemplate('ticket_reply', {
  sample: ticketSample,
  render: (o: TicketMailInput) => ({
    subject: `[Ticket #${o.ticketId}] ${o.subject}`,
    ...renderMail({
      heading: 'Support has replied to your ticket',
      paragraphs: [greeting(o.name), `${o.by} wrote:`, o.body],
      action: { label: 'View ticket', url: o.ticketLink },
    }),
  }),
});

export const ticketClosedMail = defineTemplate('ticket_closed', {
  sample: (config) => ({ ...ticketSample(config), body: 'Resolved' }),
  render: (o: TicketMailInput) => ({
    subject: `[Ticket #${o.ticketId}] Closed: ${o.subject}`,
    ...renderMail({
      heading: 'Your ticket was closed',
      paragraphs: [
        greeting(o.name),
        `${o.by} closed the ticket (${o.body}).`,
        'If the problem is not solved, open the ticket and reopen it.',
      ],
      action: { label: 'View ticket', url: o.ticketLink },
    }),
  }),
});

export const ticketCustomerReplyMail = defineTemplate('ticket_customer_reply', {
  sample: (config) => ({ ...ticketSample(config), name: 'Sam Support', by: 'Casey Customer', body: 'Thanks, that fixed it.' }),
  render: (o: TicketMailInput) => ({
    subject: `[Ticket #${o.ticketId}] Customer reply: ${o.subject}`,
    ...renderMail({
      heading: 'A customer replied on your ticket',
      paragraphs: [greeting(o.name), `${o.by} wrote:`, o.body],
      action: { label: 'View ticket', url: o.ticketLink },
    }),
  }),
});

export const ticketReminderMail = defineTemplate('ticket_reminder', {
  sample: (config) => ({ ...ticketSample(config), name: 'Sam Support', by: 'Casey Customer', body: '7' }),
  render: (o: TicketMailInput) => ({
    subject: `[Ticket #${o.ticketId}] Reminder: ${o.subject}`,
    ...renderMail({
      heading: 'A ticket has had no news',
      paragraphs: [greeting(o.name), `Nothing has happened on this ticket of ${o.by} for ${o.body} days.`],
      action: { label: 'View ticket', url: o.ticketLink },
    }),
  }),
});
