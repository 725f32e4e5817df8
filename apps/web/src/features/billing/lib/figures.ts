/** Spec-2 §9: the auto top-up estimate reads 'at least' from this many days. */
export const AT_LEAST_DAYS = 1000;

/** A company that pays through a contract sees no balance, top-up or credit panels (spec-2 §6). */
export function seesCredit<S extends { has_contract_billing: boolean; balance: number | null }>(
  summary: S,
): summary is S & { has_contract_billing: false; balance: number } {
  return !summary.has_contract_billing && summary.balance !== null;
}

/** Spec-2 §9: the balance bar's width is the balance in dollars divided by 5, as a percent. */
export function balanceBarPercent(balanceCents: number): number {
  const percent = balanceCents / 100 / 5;
  return Math.max(0, Math.min(100, percent));
}

const count = new Intl.NumberFormat('en-US');

/**
 * Days of credit left in words (spec-2 §9): 'at least' from 1000 days, otherwise 'about'; none left reads as less
 * than a day; null (unknown) shows nothing.
 */
export function daysRemainingText(days: number | null): string | null {
  if (days === null) return null;
  if (days === 0) return 'Less than a day';
  const unit = days === 1 ? 'day' : 'days';
  return days >= AT_LEAST_DAYS ? `At least ${count.format(AT_LEAST_DAYS)} days` : `About ${count.format(days)} ${unit}`;
}

/**
 * Where 'No payment configured' leads (spec-2 §2.8): a trial adds credit first, a paying account sets up
 * automatic payments on /auto_payment.
 */
export function paymentPromptTarget(state: string): { to: '/topup' | '/auto_payment'; label: string } {
  return state === 'TRIAL' ? { to: '/topup', label: 'Add credit' } : { to: '/auto_payment', label: 'Set up automatic payments' };
}
