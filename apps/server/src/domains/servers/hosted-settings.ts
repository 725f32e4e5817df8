import {
  DNS_CHECK_VALID,
  HOSTED_SETTINGS_MESSAGES as M,
  type HostedSettings,
  SMTP_TEST_PASSED,
  type SmtpSecurity,
  VERIFICATION_COOLDOWN_SECONDS,
  VERIFICATION_LINK_HOURS,
} from '@portal/contract/servers/hosted-settings';
import { HOSTED_MESSAGES } from '@portal/contract/servers/hosted';
import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import type { Actor } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { dnsErrorText, dnsResolver } from '../../platform/dns/resolver.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import { newToken, tokenHash } from '../../platform/session.ts';
import * as notifications from '../notifications/service.ts';
import { emailSettingsOf, ownHosted, ownedBy, resendAt } from './hosted.ts';
import * as q from './queries/hosted.ts';
import * as sq from './queries/hosted-settings.ts';

type Ctx = CallContext<Actor>;

/** How long the SMTP test waits for the server to connect, greet and answer (docs/decisions/0053). */
export const SMTP_TEST_TIMEOUT_MS = 10_000;

export function settingsOf(h: q.HostedRow, now: number): HostedSettings {
  return {
    user_dns: h.user_dns,
    user_custom_dns: h.user_custom_dns,
    use_custom_dns: h.use_custom_dns,
    ...emailSettingsOf(h, now),
  };
}

/** The company's console, read without a lock: for the checks, which change nothing or one flag. */
async function readOwn(ctx: Ctx, id: number): Promise<q.HostedRow> {
  const hosted = await q.findHosted(ctx.db, id);
  if (!hosted) throw notFound(HOSTED_MESSAGES.notFound);
  await ownedBy(ctx, hosted.company_id, 'read', HOSTED_MESSAGES.notFound);
  return hosted;
}

/** Settings belong to a console that exists and runs: not one being built, failed or being removed. */
function requireReady(h: q.HostedRow) {
  if (h.state !== 'ready') throw new AppError(400, M.notReady);
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

export interface BrandingInput {
  target_hosted_server_id: number;
  target_custom_dns: string;
  target_use_custom_dns: boolean;
  target_email_from: string;
  target_email_send_as: string;
  target_smtp_mode: 'ses' | 'smtp';
  target_smtp_host: string;
  target_smtp_port: number;
  target_smtp_username: string;
  target_smtp_password: string;
  target_smtp_security: SmtpSecurity;
  target_smtp_accept_invalid_certificate: boolean;
}

export async function updateBranding(ctx: Ctx, input: BrandingInput): Promise<HostedSettings> {
  const hosted = await ownHosted(ctx, input.target_hosted_server_id);
  requireReady(hosted);
  const fields: Record<string, string> = {};
  const domain = input.target_custom_dns;
  if (input.target_use_custom_dns && !domain) fields.target_custom_dns = M.domainRequired;
  if (domain && (domain === hosted.user_dns || domain.endsWith(`.${ctx.config.HOSTED_DNS_SUFFIX}`)))
    fields.target_custom_dns = M.domainIsOurs;
  const smtp = input.target_smtp_mode === 'smtp';
  // An empty password keeps the stored one (write-only); a user name needs some password, new or kept.
  const password = input.target_smtp_password || hosted.smtp_password;
  if (smtp && !input.target_smtp_host) fields.target_smtp_host = M.smtpHost;
  if (smtp && input.target_smtp_username && !password) fields.target_smtp_password = M.smtpPassword;
  if (smtp && !input.target_smtp_username && input.target_smtp_password) fields.target_smtp_username = M.smtpUsername;
  if (Object.keys(fields).length) throw badInput(fields);

  const email = input.target_email_from.trim();
  const newAddress = email.toLowerCase() !== hosted.send_as_email_address.toLowerCase();
  const newDomain = domainOf(email) !== domainOf(hosted.send_as_email_address);
  const updated = await q.updateHosted(ctx.db, hosted.id, {
    user_custom_dns: domain,
    use_custom_dns: input.target_use_custom_dns,
    send_as_email_address: email,
    send_as_display_name: input.target_email_send_as,
    smtp_mode: input.target_smtp_mode,
    smtp_host: input.target_smtp_host,
    smtp_port: input.target_smtp_port,
    smtp_username: input.target_smtp_username,
    smtp_password: input.target_smtp_username ? password : '',
    smtp_security: input.target_smtp_security,
    smtp_accept_invalid_certificate: input.target_smtp_accept_invalid_certificate,
    // A new address is verified again; a link sent to the old one no longer counts.
    ...(newAddress ? { send_as_email_verified: false, verification_email: '', verification_token_hash: '' } : {}),
    ...(newDomain ? { send_as_dmarc_verified: false } : {}),
  });
  await ctx.audit(hosted.company_id, `Hosted server ${hosted.server_name} settings changed`);
  return settingsOf(updated, ctx.clock.now().getTime());
}

export interface SmtpTestInput {
  target_hosted_server_id: number;
  target_smtp_host: string;
  target_smtp_port: number;
  target_smtp_username: string;
  target_smtp_password: string;
  target_smtp_security: SmtpSecurity;
  target_smtp_accept_invalid_certificate: boolean;
}

/**
 * Connects to the server as the console would send through it: TLS from the start (tls), STARTTLS required
 * (starttls) or neither (plain), then signs in when a user name is given. Nothing is sent and nothing saved.
 */
export async function testSmtpCredentials(ctx: Ctx, input: SmtpTestInput): Promise<{ passed: boolean; message: string }> {
  const hosted = await readOwn(ctx, input.target_hosted_server_id);
  requireReady(hosted);
  // The stored password is only ever sent to the server it was saved for: otherwise anyone of the company
  // could read it by testing against a server of their own, and it would not be write-only.
  const sameServer =
    input.target_smtp_host.toLowerCase() === hosted.smtp_host.toLowerCase() &&
    input.target_smtp_port === hosted.smtp_port &&
    input.target_smtp_username === hosted.smtp_username;
  const password = input.target_smtp_password || (sameServer ? hosted.smtp_password : '');
  if (input.target_smtp_username && !password) throw badInput({ target_smtp_password: M.smtpPassword });
  return trySmtp({
    host: input.target_smtp_host,
    port: input.target_smtp_port,
    security: input.target_smtp_security,
    acceptInvalidCertificate: input.target_smtp_accept_invalid_certificate,
    username: input.target_smtp_username,
    password,
    timeoutMs: SMTP_TEST_TIMEOUT_MS,
  });
}

export async function trySmtp(o: {
  host: string;
  port: number;
  security: SmtpSecurity;
  acceptInvalidCertificate: boolean;
  username: string;
  password: string;
  timeoutMs: number;
}): Promise<{ passed: boolean; message: string }> {
  const transport = nodemailer.createTransport({
    host: o.host,
    port: o.port,
    secure: o.security === 'tls',
    requireTLS: o.security === 'starttls',
    ignoreTLS: o.security === 'plain',
    auth: o.username ? { user: o.username, pass: o.password } : undefined,
    tls: { rejectUnauthorized: !o.acceptInvalidCertificate, ...(isIP(o.host) ? {} : { servername: o.host }) },
    connectionTimeout: o.timeoutMs,
    greetingTimeout: o.timeoutMs,
    socketTimeout: o.timeoutMs,
    logger: false,
  });
  try {
    await transport.verify();
    return { passed: true, message: SMTP_TEST_PASSED };
  } catch (err) {
    return { passed: false, message: smtpErrorText(err) };
  } finally {
    transport.close();
  }
}

function smtpErrorText(err: unknown): string {
  const e = err as { code?: string; response?: string; message?: string };
  // The server's own words when it answered; nodemailer's description of the failure otherwise.
  const text = (e.response || e.message || 'Unknown error').replace(/\s+/g, ' ').trim();
  return text.slice(0, 500);
}

/**
 * Custom Domain's Check DNS: the domain is a CNAME of the console's address, or has an A record that is one
 * of the addresses the console's name resolves to, through the configured resolver.
 */
export async function validateMailFromDns(ctx: Ctx, input: { target_hosted_server_id: number; target_custom_dns: string }) {
  const hosted = await readOwn(ctx, input.target_hosted_server_id);
  requireReady(hosted);
  const domain = input.target_custom_dns || hosted.user_custom_dns;
  if (!domain) throw badInput({ target_custom_dns: M.noDomain });
  const target = hosted.user_dns.toLowerCase();
  const resolver = await dnsResolver(ctx.config);
  let cname: string[] = [];
  try {
    cname = await resolver.resolveCname(domain);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code !== 'ENODATA' && code !== 'ENOTFOUND') return { valid: false, message: dnsErrorText(err, domain, 'CNAME') };
  }
  if (cname.length) {
    const names = cname.map((c) => c.toLowerCase().replace(/\.$/, ''));
    if (names.includes(target)) return { valid: true, message: DNS_CHECK_VALID };
    return { valid: false, message: `${domain} is a CNAME of ${names.join(', ')}, not of ${target}` };
  }
  let addresses: string[];
  try {
    addresses = await resolver.resolve4(domain);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ENODATA' || code === 'ENOTFOUND')
      return { valid: false, message: `${domain} has no CNAME or A record; add a CNAME record pointing to ${target}` };
    return { valid: false, message: dnsErrorText(err, domain, 'A') };
  }
  let expected: string[];
  try {
    expected = await resolver.resolve4(target);
  } catch (err) {
    return { valid: false, message: dnsErrorText(err, target, 'A') };
  }
  if (addresses.some((a) => expected.includes(a))) return { valid: true, message: DNS_CHECK_VALID };
  return { valid: false, message: `${domain} points to ${addresses.join(', ')}, not to ${target} (${expected.join(', ')})` };
}

/** Whether the sender's domain publishes a DMARC policy: a TXT record at _dmarc.<domain> starting v=DMARC1. */
async function hasDmarc(ctx: Ctx, domain: string): Promise<boolean> {
  const resolver = await dnsResolver(ctx.config);
  try {
    const records = await resolver.resolveTxt(`_dmarc.${domain}`);
    return records.some((parts) => /^v=DMARC1(;|\s|$)/i.test(parts.join('').trim()));
  } catch {
    // No record, or no answer now: not verified; DNS changes can take up to 72 hours (spec-1 §4).
    return false;
  }
}

export async function checkEmailVerification(ctx: Ctx, input: { target_hosted_server_id: number }) {
  const hosted = await readOwn(ctx, input.target_hosted_server_id);
  requireReady(hosted);
  const dmarc = await hasDmarc(ctx, domainOf(hosted.send_as_email_address));
  // Only this flag is written, and only while the address is still the one looked up.
  const row = (await sq.setDmarcVerified(ctx.db, hosted.id, hosted.send_as_email_address, dmarc)) ?? hosted;
  return {
    is_verified: row.send_as_email_verified,
    is_dmarc_verified: row.send_as_dmarc_verified,
    verification_resend_at: resendAt(row, ctx.clock.now().getTime()),
  };
}

/**
 * Mails a verification link to the sender address. The 60 s cooldown is a conditional update (the send
 * time is moved only when the last is 60 s old), so parallel calls on any node mail once.
 */
export async function resendVerificationEmail(ctx: Ctx, input: { target_hosted_server_id: number }) {
  const hosted = await readOwn(ctx, input.target_hosted_server_id);
  requireReady(hosted);
  if (hosted.send_as_email_verified) throw new AppError(400, M.alreadyVerified);
  const now = ctx.clock.now();
  const token = newToken();
  const claimed = await sq.claimVerificationSend(ctx.db, {
    id: hosted.id,
    now,
    cooldownMs: VERIFICATION_COOLDOWN_SECONDS * 1000,
    email: hosted.send_as_email_address,
    tokenHash: tokenHash(token),
  });
  if (!claimed) {
    const current = await q.findHosted(ctx.db, hosted.id);
    const sentAt = current?.verification_sent_at?.getTime() ?? now.getTime();
    const wait = Math.max(1, Math.ceil((sentAt + VERIFICATION_COOLDOWN_SECONDS * 1000 - now.getTime()) / 1000));
    throw new AppError(400, M.cooldown(wait), undefined, { retry_after_seconds: wait });
  }
  await notifications.sendHostedSenderVerificationMail(ctx, {
    to: { email: claimed.send_as_email_address, company_id: claimed.company_id },
    token,
    serverName: claimed.server_name,
    displayName: claimed.send_as_display_name,
    hours: VERIFICATION_LINK_HOURS,
  });
  await ctx.audit(
    claimed.company_id,
    `Verification email sent to ${claimed.send_as_email_address} for hosted server ${claimed.server_name}`,
  );
  return { verification_resend_at: new Date(now.getTime() + VERIFICATION_COOLDOWN_SECONDS * 1000).toISOString() };
}

/** The link: marks the address verified if the console still sends as the address the link went to. */
export async function confirmSenderEmail(ctx: CallContext<Actor | null>, input: { token: string }) {
  const now = ctx.clock.now();
  const row = await sq.confirmSender(ctx.db, {
    tokenHash: tokenHash(input.token),
    notBefore: new Date(now.getTime() - VERIFICATION_LINK_HOURS * 3_600_000),
  });
  if (!row) throw new AppError(400, M.linkInvalid);
  // The link's opener is whoever reads that mailbox: the history names the address.
  await ctx.audit(
    row.company_id,
    `Sender address ${row.send_as_email_address} of hosted server ${row.server_name} verified`,
    row.send_as_email_address,
  );
  return { email: row.send_as_email_address };
}
