import type { CareerTestRole } from '@portal/contract/admin-tools/career-tests';
import type { EmailTemplateName } from '@portal/contract/notifications/email-preview';
import { EMAIL_VERIFICATION_TOKEN_HOURS, PASSWORD_RESET_TOKEN_MINUTES } from '@portal/contract/shared/security';
import { formatCents } from '@portal/contract/shared/money';
import type { Actor } from '../../platform/access.ts';
import type { CallContext, PublicContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { newToken, tokenHash } from '../../platform/session.ts';
import * as users from '../users/service.ts';
import { AppError } from '../../platform/errors.ts';
import * as q from './queries.ts';
import * as templates from './templates.ts';

export type { EmailTokenPurpose } from './queries.ts';

type MailUser = Pick<users.UserRow, 'id' | 'email' | 'company_id' | 'contact_name'> & { browser_timezone?: string | null };
/** Mail goes out from calls by anyone, signed in or not, and from jobs. */
type MailContext = CallContext<Actor | null>;

const LIFETIME_MS: Record<q.EmailTokenPurpose, number> = {
  reset_password: PASSWORD_RESET_TOKEN_MINUTES * 60_000,
  verify_email: EMAIL_VERIFICATION_TOKEN_HOURS * 3_600_000,
};

/** A new single-use token for a link; only its hash is stored, with the address it goes to. */
async function issueEmailToken(db: Database, now: Date, user: MailUser, purpose: q.EmailTokenPurpose): Promise<string> {
  const token = newToken();
  await q.insertEmailToken(db, {
    id: tokenHash(token),
    user_id: user.id,
    purpose,
    email: user.email,
    created_at: now,
    expires_at: new Date(now.getTime() + LIFETIME_MS[purpose]),
  });
  return token;
}

const mailUser = (ctx: MailContext, user: MailUser, content: Parameters<MailContext['mail']>[1]) =>
  ctx.mail({ email: user.email, company_id: user.company_id }, content);

/** Mails the user a link that verifies their current address (and signs them in: login type email_token). */
export async function sendVerificationMail(ctx: MailContext, user: MailUser): Promise<void> {
  const token = await issueEmailToken(ctx.db, ctx.clock.now(), user, 'verify_email');
  const link = templates.portalLink(ctx.config, '/login', {
    method: 'email_token',
    t: token,
    redirect_to: '/verify_email?success=1',
  });
  await mailUser(ctx, user, templates.verificationMail({ link, name: user.contact_name }));
}

/** Mails a reset link; a newer link replaces the older ones. */
export async function sendPasswordResetMail(ctx: MailContext, user: MailUser): Promise<void> {
  await q.retireEmailTokens(ctx.db, user.id, 'reset_password', ctx.clock.now());
  const token = await issueEmailToken(ctx.db, ctx.clock.now(), user, 'reset_password');
  const link = templates.portalLink(ctx.config, '/update_password', { t: token });
  await mailUser(
    ctx,
    user,
    templates.passwordResetMail({ link, name: user.contact_name, forgotLink: templates.portalLink(ctx.config, '/forgot_password') }),
  );
}

/** Tells the user their account was signed in to, from the calling browser's address. */
export async function sendNewSignInMail(ctx: MailContext, user: MailUser): Promise<void> {
  const content = templates.newSignInMail({
    name: user.contact_name,
    when: templates.formatWhen(ctx.clock.now(), user.browser_timezone),
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    accountLink: templates.portalLink(ctx.config, '/myaccount'),
  });
  await mailUser(ctx, user, content);
}

/** Tells the user their recovery passphrase signed them in and is used up, with a link to make a new one. */
export async function sendRecoveryPassphraseUsedMail(ctx: MailContext, user: MailUser): Promise<void> {
  const content = templates.recoveryPassphraseUsedMail({
    name: user.contact_name,
    when: templates.formatWhen(ctx.clock.now(), user.browser_timezone),
    ip: ctx.ip,
    passphraseLink: templates.portalLink(ctx.config, '/passphrase'),
  });
  await mailUser(ctx, user, content);
}

/** Tells the user that their two-factor sign-in changed; `change` is one sentence, such as 'Two-factor sign-in was turned off'. */
export async function sendTwoFactorChangedMail(ctx: MailContext, input: { user: MailUser; change: string }): Promise<void> {
  const { user, change } = input;
  const content = templates.twoFactorChangedMail({
    name: user.contact_name,
    change,
    when: templates.formatWhen(ctx.clock.now(), user.browser_timezone),
    securityLink: templates.portalLink(ctx.config, '/setup_two_factor'),
  });
  await mailUser(ctx, user, content);
}

/**
 * Uses a token from a mailed link: the user's id, or null when the token is unknown, used, expired, or
 * was sent to an address the account no longer has. A verify_email token also marks the address verified.
 */
export async function consumeEmailToken(
  ctx: PublicContext,
  input: { token: string; purpose: q.EmailTokenPurpose },
): Promise<number | null> {
  const { token, purpose } = input;
  const now = ctx.clock.now();
  const row = await q.takeEmailToken(ctx.db, tokenHash(token), purpose, now);
  if (!row) return null;
  const user = await users.findUser(ctx, { userId: row.user_id });
  if (!user || user.deleted_at || user.email.toLowerCase() !== row.email.toLowerCase()) return null;
  if (purpose === 'verify_email' && !user.email_verified_at)
    await users.markEmailVerified(ctx, { userId: user.id, at: now, proof: 'verification link' });
  return user.id;
}

/** Who hears about a company's money: its billing contacts, or the primary contact when it has none. */
async function billingContacts(ctx: MailContext, companyId: number) {
  const active = await users.listActiveUsers(ctx, { companyId });
  const billing = active.filter((u) => u.is_billing);
  if (billing.length) return billing;
  const primary = active.find((u) => u.is_primary_contact);
  return primary ? [primary] : [];
}

/** Mails each of a company's billing contacts the content written for them. */
async function mailBillingContacts(ctx: MailContext, companyId: number, content: (name: string) => Parameters<typeof mailUser>[2]) {
  for (const user of await billingContacts(ctx, companyId)) await mailUser(ctx, user, content(user.contact_name));
}

/** Tells a company's billing contacts that its credit lasts only a few more days. */
export async function sendLowBalanceMail(ctx: MailContext, o: { companyId: number; balanceCents: number; daysLeft: number }) {
  const { companyId } = o;
  const topupLink = templates.portalLink(ctx.config, '/topup');
  const balance = formatCents(o.balanceCents);
  await mailBillingContacts(ctx, companyId, (name) => templates.lowBalanceMail({ name, balance, daysLeft: o.daysLeft, topupLink }));
}

/** Tells a company's billing contacts that it was suspended for running out of credit. */
export async function sendOutOfCreditMail(ctx: MailContext, o: { companyId: number; companyName: string; balanceCents: number }) {
  const { companyId } = o;
  const topupLink = templates.portalLink(ctx.config, '/topup');
  const balance = formatCents(o.balanceCents);
  await mailBillingContacts(ctx, companyId, (name) => templates.outOfCreditMail({ name, company: o.companyName, balance, topupLink }));
}

/** Tells a company's billing contacts that charges for devices removed within the guarantee window came back as credit. */
export async function sendNewUserRefundMail(ctx: MailContext, o: { companyId: number; amountCents: number; devices: number }) {
  const { companyId } = o;
  const creditLink = templates.portalLink(ctx.config, '/track_new_users');
  const amount = formatCents(o.amountCents);
  await mailBillingContacts(ctx, companyId, (name) => templates.newUserRefundMail({ name, amount, devices: o.devices, creditLink }));
}

/** The address of a role's skills test: its own setting, else the base address and the role with dashes. */
function careerTestLink(config: CallContext['config'], role: CareerTestRole): string {
  const own = config[`CAREER_TEST_URL_${role.toUpperCase()}` as `CAREER_TEST_URL_${Uppercase<CareerTestRole>}`];
  return own ?? `${config.CAREER_TEST_BASE_URL.replace(/\/+$/, '')}/${role.replaceAll('_', '-')}`;
}

/** Mails an applicant (who has no account, so no company) the invitation to a role's skills test. */
export async function sendCareerTestMail(ctx: CallContext, input: { email: string; role: CareerTestRole }): Promise<void> {
  const { email, role } = input;
  await ctx.mail({ email, company_id: null }, templates.careerTestMail({ role, link: careerTestLink(ctx.config, role) }));
}

/** A template rendered with its sample data for the admin's preview; it reads and writes nothing. */
export async function previewTemplate(ctx: CallContext, input: { name: EmailTemplateName }) {
  const { name } = input;
  const mail = templates.renderSample(name, ctx.config);
  if (!mail) throw new AppError(404, `No email template named ${name}`);
  return { template: mail.template, subject: mail.subject, html: mail.html, text: mail.text };
}

/** A receipt for a card payment, to the company's billing contacts. */
export async function sendPaymentReceiptMail(
  ctx: MailContext,
  o: { companyId: number; item: string; paidCents: number; creditCents: number; card: string; reference: string },
) {
  const { companyId } = o;
  const billLink = templates.portalLink(ctx.config, '/mybill');
  const when = templates.formatWhen(ctx.clock.now(), null);
  await mailBillingContacts(ctx, companyId, (name) =>
    templates.paymentReceiptMail({
      name,
      item: o.item,
      paid: formatCents(o.paidCents),
      credit: formatCents(o.creditCents),
      card: o.card,
      when,
      reference: o.reference,
      billLink,
    }),
  );
}

/** Tells a company's billing contacts that a card was added to or removed from the account. */
export async function sendCardChangedMail(
  ctx: MailContext,
  o: { companyId: number; change: 'added' | 'removed'; card: string; by: string },
) {
  const { companyId } = o;
  const cardsLink = templates.portalLink(ctx.config, '/payment_methods');
  const render = o.change === 'added' ? templates.cardAddedMail : templates.cardRemovedMail;
  await mailBillingContacts(ctx, companyId, (name) => render({ name, card: o.card, by: o.by, cardsLink }));
}

/** Tells a company's billing contacts that an automatic top-up was not made, why, and what to do. */
export async function sendAutoTopupFailedMail(
  ctx: MailContext,
  input: { companyId: number; item: string; reason: string; advice: string },
) {
  const { companyId, ...o } = input;
  const topupLink = templates.portalLink(ctx.config, '/topup');
  await mailBillingContacts(ctx, companyId, (name) => templates.autoTopupFailedMail({ name, ...o, topupLink }));
}

/** A ticket mail to one person (support tickets, issue 15); the kind picks the template. */
export async function sendTicketMail(
  ctx: MailContext,
  input: {
    to: { email: string; name: string; company_id: number };
    mail: { kind: 'reply' | 'closed' | 'customer_reply' | 'reminder'; ticketId: number; subject: string; by: string; body: string };
    /** Message-ID, threading and the Reply-To that brings an answer back as a comment (docs/decisions/0046). */
    headers?: Record<string, string>;
  },
) {
  const { to, mail: o, headers } = input;
  const render = {
    reply: templates.ticketReplyMail,
    closed: templates.ticketClosedMail,
    customer_reply: templates.ticketCustomerReplyMail,
    reminder: templates.ticketReminderMail,
  }[o.kind];
  const ticketLink = templates.portalLink(ctx.config, `/tickets/${o.ticketId}`);
  await ctx.mail(
    { email: to.email, company_id: to.company_id },
    { ...render({ name: to.name, ticketId: o.ticketId, subject: o.subject, by: o.by, body: o.body, ticketLink }), headers },
  );
}

/** The link that proves a hosted console's sender address receives mail (servers, docs/decisions/0053). */
export async function sendHostedSenderVerificationMail(
  ctx: MailContext,
  input: { to: { email: string; company_id: number }; token: string; serverName: string; displayName: string; hours: number },
) {
  const { to, ...o } = input;
  const link = templates.portalLink(ctx.config, '/my_servers', { verify_sender: o.token });
  await ctx.mail(
    to,
    templates.hostedSenderVerificationMail({ link, serverName: o.serverName, displayName: o.displayName, hours: o.hours }),
  );
}
