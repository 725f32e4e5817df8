import type { CallContext } from '../../platform/context.ts';
import * as notifications from '../notifications/service.ts';
import * as q from './queries/credit-state.ts';
import { lockAccount, setAccount } from './queries/ledger.ts';

/** The low-balance mail goes out when the credit lasts fewer days than this (the auto top-up default, spec-2 §9). */
export const LOW_BALANCE_DAYS = 5;

/**
 * Out-of-credit suspension, as the companies lifecycle sweep asks for it (docs/decisions/0010: billing
 * answers, it never calls up). The sweep locks the company, then asks again here under the account lock.
 */
export function companiesOutOfCredit(ctx: Pick<CallContext, 'db'>, limit: number) {
  return q.companiesOutOfCredit(ctx.db, limit);
}

export function companiesCreditRestored(ctx: Pick<CallContext, 'db'>, limit: number) {
  return q.companiesCreditRestored(ctx.db, limit);
}

/** Locks the company's account and answers whether it is out of credit and not yet marked suspended for it. */
export async function isOutOfCredit(ctx: CallContext, companyId: number): Promise<boolean> {
  const account = await lockAccount(ctx.db, companyId, ctx.clock.now());
  return account.balance < 0 && !account.suspended_for_credit;
}

/**
 * Locks the company's account and answers whether it was suspended for balance and has credit again (or
 * no longer can be suspended for it: contract billing, out-of-band payment).
 */
export async function isCreditRestored(ctx: CallContext, companyId: number, neverSuspended: boolean): Promise<boolean> {
  const account = await lockAccount(ctx.db, companyId, ctx.clock.now());
  return account.suspended_for_credit && (account.balance > 0 || neverSuspended);
}

/** Records that the lifecycle suspended the company for balance (true), or brought it back (false). */
export async function markSuspendedForCredit(ctx: CallContext, companyId: number, suspended: boolean): Promise<void> {
  await setAccount(ctx.db, companyId, { suspended_for_credit: suspended });
}

/**
 * After a day's charges of companies (lo, hi]: the ones whose credit now lasts fewer than LOW_BALANCE_DAYS
 * days get the low-balance mail, once until their next credit.
 */
export async function mailLowBalances(ctx: CallContext, o: { day: string; lo: number; hi: number }): Promise<number> {
  const low = await q.companiesLowOnCredit(ctx.db, { ...o, days: LOW_BALANCE_DAYS });
  for (const c of low) {
    const daysLeft = Math.max(0, Math.floor(c.balance / c.perDay));
    await notifications.sendLowBalanceMail(ctx, c.company_id, { balanceCents: c.balance, daysLeft });
    await setAccount(ctx.db, c.company_id, { low_balance_mailed_at: ctx.clock.now() });
  }
  return low.length;
}
