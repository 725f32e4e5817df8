import { userLabel } from '@portal/contract/shared/user-label';
import { checkPasswordHash } from '../../platform/password-hash.ts';
import { randomInt } from 'node:crypto';
import { RECOVERY_PASSPHRASE_WORDS } from '@portal/contract/shared/security';
import { requireRecentAuth } from '../../platform/access.ts';
import type { CallContext, PublicContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import * as notifications from '../notifications/service.ts';
import * as users from '../users/service.ts';
import * as q from './queries.ts';
import { checkSecret, hashSecret, normaliseSecret } from './secrets.ts';
import { WORDLIST } from './wordlist.ts';

export function newPassphrase(): string[] {
  return Array.from({ length: RECOVERY_PASSPHRASE_WORDS }, () => WORDLIST[randomInt(WORDLIST.length)] ?? '');
}

/** Enough to tell which sheet of paper is the current one, far too little to guess the rest. */
export function passphraseHint(words: readonly string[]): string {
  return `${words[0] ?? ''} … ${words[words.length - 1] ?? ''} (${words.length} words)`;
}

export interface PassphraseAnswer {
  passphrase_raw: string | null;
  passphrase_hint: string;
  created_at: string;
}

/**
 * The passphrase is shown only in the answer that creates it; afterwards only its hint and date.
 * Replacing one that exists is a risky action and needs a recent sign-in check.
 */
export async function getOrCreatePassphrase(ctx: CallContext, { regenerate }: { regenerate: boolean }): Promise<PassphraseAnswer> {
  const { actor } = ctx;
  const existing = await q.findPassphrase(ctx.db, actor.userId);
  if (existing && !regenerate) {
    return { passphrase_raw: null, passphrase_hint: existing.hint, created_at: existing.created_at.toISOString() };
  }
  if (existing) requireRecentAuth(actor, ctx.clock.now());
  const user = await users.findUser(ctx, { userId: actor.userId });
  if (!user || user.deleted_at) throw notFound();

  const words = newPassphrase();
  const raw = words.join(' ');
  const row = { user_id: user.id, passphrase_hash: await hashSecret(raw), hint: passphraseHint(words), created_at: ctx.clock.now() };
  await q.savePassphrase(ctx.db, row);
  if (existing) {
    await ctx.audit(user.company_id, 'Replaced the recovery passphrase');
    await notifications.sendTwoFactorChangedMail(ctx, {
      user,
      change: 'A new recovery passphrase was created and the previous one no longer works',
    });
  } else {
    await ctx.audit(user.company_id, 'Created a recovery passphrase');
  }
  return { passphrase_raw: raw, passphrase_hint: row.hint, created_at: row.created_at.toISOString() };
}

/**
 * Signs in with the recovery passphrase, once (ASVS 2.6.1): a right phrase is used up at once, so a
 * parallel sign-in with it finds it gone, and the user is told by mail. They make a new one at /passphrase.
 */
export async function useRecoveryPassphrase(ctx: PublicContext, user: users.UserRow, passphrase: string): Promise<boolean> {
  const row = await q.findPassphrase(ctx.db, user.id);
  // Without a passphrase a decoy hash is checked, so the answer takes as long as a wrong guess.
  const ok = row ? await checkSecret(row.passphrase_hash, normaliseSecret(passphrase)) : await checkPasswordHash(null, passphrase);
  if (!row || !ok || !(await q.takePassphrase(ctx.db, user.id, row.passphrase_hash))) return false;
  await ctx.audit(user.company_id, 'Recovery passphrase used up by signing in', userLabel(user));
  await notifications.sendRecoveryPassphraseUsedMail(ctx, user);
  return true;
}
