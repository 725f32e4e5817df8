import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_VERIFICATION_TOKEN_HOURS, PASSWORD_RESET_TOKEN_MINUTES } from '@portal/contract/shared/security';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { CallContext } from '../../platform/handle.ts';
import { noteMailQueued, queueMail } from '../../platform/mail.ts';
import * as users from '../users/service.ts';
import * as templates from './mail-templates.ts';
import * as q from './queries.ts';

export type { EmailTokenPurpose } from './queries.ts';

type MailUser = Pick<users.UserRow, 'id' | 'email' | 'company_id' | 'contact_name'> & { browser_timezone?: string | null };

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

const LIFETIME_MS: Record<q.EmailTokenPurpose, number> = {
  reset_password: PASSWORD_RESET_TOKEN_MINUTES * 60_000,
  verify_email: EMAIL_VERIFICATION_TOKEN_HOURS * 3_600_000,
};

/** A new single-use token for a link; only its hash is stored, with the address it goes to. */
export async function issueEmailToken(db: Database, clock: Clock, user: MailUser, purpose: q.EmailTokenPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await q.insertEmailToken(db, {
    id: hashToken(token),
    user_id: user.id,
    purpose,
    email: user.email,
    created_at: now,
    expires_at: new Date(now.getTime() + LIFETIME_MS[purpose]),
  });
  return token;
}

/** Puts the mail in the outbox within the call's transaction; it goes out once the call has answered. */
export async function mailUser(ctx: Pick<CallContext, 'db' | 'clock' | 'req'>, user: MailUser, content: templates.MailContent) {
  await queueMail(ctx.db, ctx.clock, { ...content, to: user.email, companyId: user.company_id });
  noteMailQueued(ctx.req);
}

/** Mails the user a link that verifies their current address (and signs them in: login type email_token). */
export async function sendVerificationMail(ctx: Pick<CallContext, 'db' | 'clock' | 'req' | 'config'>, user: MailUser): Promise<void> {
  const token = await issueEmailToken(ctx.db, ctx.clock, user, 'verify_email');
  const link = templates.portalLink(ctx.config, '/login', {
    method: 'email_token',
    t: token,
    redirect_to: '/verify_email?success=1',
  });
  await mailUser(ctx, user, templates.verificationMail(link, user.contact_name));
}

/** Tells the user their account was signed in to, from where. */
export async function sendNewSignInMail(
  ctx: Pick<CallContext, 'db' | 'clock' | 'req' | 'config'>,
  user: MailUser,
  from: { ip: string; userAgent: string },
): Promise<void> {
  const content = templates.newSignInMail({
    name: user.contact_name,
    when: templates.formatWhen(ctx.clock.now(), user.browser_timezone),
    ip: from.ip,
    userAgent: from.userAgent,
    accountLink: templates.portalLink(ctx.config, '/myaccount'),
  });
  await mailUser(ctx, user, content);
}

/** Tells the user that their two-factor sign-in changed; `change` is one sentence, such as 'Two-factor sign-in was turned off'. */
export async function sendTwoFactorChangedMail(
  ctx: Pick<CallContext, 'db' | 'clock' | 'req' | 'config'>,
  user: MailUser,
  change: string,
): Promise<void> {
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
export async function consumeEmailToken(db: Database, clock: Clock, token: string, purpose: q.EmailTokenPurpose): Promise<number | null> {
  const now = clock.now();
  const row = await q.takeEmailToken(db, hashToken(token), purpose, now);
  if (!row) return null;
  const user = await users.findUser(db, row.user_id);
  if (!user || user.deleted_at || user.email.toLowerCase() !== row.email.toLowerCase()) return null;
  if (purpose === 'verify_email' && !user.email_verified_at) await users.updateUser(db, user.id, { email_verified_at: now });
  return user.id;
}

/** Scheduled: removes expired links and bot-challenge solutions that can no longer be replayed. */
export async function purgeExpired(db: Database, clock: Clock): Promise<number> {
  return q.deleteExpired(db, clock.now());
}
