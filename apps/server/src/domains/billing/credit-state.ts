import type { CallContext } from '../../platform/context.ts';
import * as notifications from '../notifications/service.ts';
import * as tenancy from '../tenancy/service.ts';
import * as q from './queries/credit-state.ts';
import { findAccount, lockAccount, setAccount } from './queries/ledger.ts';

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

/** The reason the state history and the company's history give for a company back from an out-of-credit suspension. */
export const CREDIT_ADDED = 'Credit added';

/**
 * A company suspended for running out of credit comes back once it has credit again (a balance above zero), or
 * once it can no longer be suspended for it (contract billing, out-of-band payment): ACTIVE, with a history
 * line, and the mark goes (a company deleted or moved meanwhile keeps its state). The caller holds the company's
 * lock, taken before its account's as every call takes them: addCredit does this for every payment, in the
 * payment's transaction, and the lifecycle's restore sweep is the safety net. A company suspended for another
 * reason (its trial ended, or staff suspended it) carries no mark and stays suspended. Answers whether the mark went.
 */
export async function restoreIfCredited(ctx: CallContext, company: tenancy.CompanyRow): Promise<boolean> {
  const account = await lockAccount(ctx.db, company.id, ctx.clock.now());
  const neverSuspended = company.has_contract_billing || company.has_oob_payment;
  if (!account.suspended_for_credit || !(account.balance > 0 || neverSuspended)) return false;
  if (company.current_state === 'SUSPENDED') {
    await tenancy.changeState(ctx, { companyId: company.id, state: 'ACTIVE', reason: CREDIT_ADDED });
  }
  await setAccount(ctx.db, company.id, { suspended_for_credit: false });
  return true;
}

/** Whether the company carries the mark of a suspension for balance (a read: the suspended page's reason). */
export async function isSuspendedForCredit(ctx: Pick<CallContext, 'db'>, companyId: number): Promise<boolean> {
  return (await findAccount(ctx.db, companyId))?.suspended_for_credit ?? false;
}

/** Records that the company is suspended for balance (true: the lifecycle's sweep), or no longer for it (false: staff took the suspension over). */
export async function markSuspendedForCredit(ctx: CallContext, companyId: number, suspended: boolean): Promise<void> {
  await tenancy.requireChangeable(ctx, { companyId });
  // The account may not exist yet (a trial that never had credit): locking it makes it.
  await lockAccount(ctx.db, companyId, ctx.clock.now());
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
    await notifications.sendLowBalanceMail(ctx, { companyId: c.company_id, balanceCents: c.balance, daysLeft });
    await setAccount(ctx.db, c.company_id, { low_balance_mailed_at: ctx.clock.now() });
  }
  return low.length;
}
