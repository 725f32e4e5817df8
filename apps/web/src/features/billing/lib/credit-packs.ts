import type { CreditPack } from '@portal/contract/billing/credit-packs';

/**
 * What is left of a pack as a whole percent of its amount (spec-2 §4): 0 once used reaches the amount, never
 * above 100. Rounded down, so a pack with a cent left never reads 100% and one nearly spent never reads empty.
 */
export function remainingPercent(pack: Pick<CreditPack, 'amount' | 'amount_used'>): number {
  if (pack.amount <= 0 || pack.amount_used >= pack.amount) return 0;
  const left = pack.amount - Math.max(0, pack.amount_used);
  return Math.min(100, Math.floor((left * 100) / pack.amount));
}

/** The cents still to spend: none once used reaches the amount. */
export function remainingCents(pack: Pick<CreditPack, 'amount' | 'amount_used'>): number {
  return Math.max(0, pack.amount - pack.amount_used);
}

export type PackDisplay = CreditPack['display'];

/**
 * The display state of spec-2 §4, from the pack's own fields at `now`: expired when its expiry is in the past
 * (no bar), empty when fully used and not expired, otherwise the remaining bar. The server answers the same
 * state; the screen derives it too so a list left open past a pack's expiry does not show a bar for it.
 */
export function packDisplay(pack: Pick<CreditPack, 'amount' | 'amount_used' | 'expiry_date' | 'display'>, now = new Date()): PackDisplay {
  if (pack.display === 'expired') return 'expired';
  if (pack.expiry_date !== null && new Date(pack.expiry_date).getTime() <= now.getTime()) return 'expired';
  if (pack.amount_used >= pack.amount) return 'empty';
  return pack.display;
}
