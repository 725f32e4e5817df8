import type { adminCreatePromoCode } from '@portal/contract/payments/promo-codes';
import { NEW_PROMO_CODE_ID, type PromoCode } from '@portal/contract/payments/promo-codes';
import type { adminEditTopupOption, TopupOption } from '@portal/contract/payments/topup-options';
import { NEW_TOPUP_OPTION_ID } from '@portal/contract/payments/topup-options';
import type { CallInput } from '@portal/contract/shared/define-call';
import { dollarsToCents } from '../../../lib/money';

export { optionsShownToUser } from '@portal/contract/payments/topup-options';

/** Typed dollars as cents (spec-2 §5: entered in dollars, sent in cents); an empty field is none. Text that is not an amount is left for the schema to refuse. */
export function centsOf(value: number | string): number {
  if (value === '') return 0;
  try {
    return dollarsToCents(value);
  } catch {
    return Number.NaN;
  }
}

/** Cents as the dollars a form shows: 1999 -> 19.99. */
export const dollarsOf = (cents: number) => cents / 100;

export interface TopupOptionFormValues {
  id: number;
  name: string;
  cost: number | string;
  amount: number | string;
  expiry_length_days: number | string;
  is_user_visible: boolean;
  is_default: boolean;
}

/** A new option: visible by default (spec-2 §9), never expiring. */
export const NEW_TOPUP_OPTION: TopupOptionFormValues = {
  id: NEW_TOPUP_OPTION_ID,
  name: '',
  cost: '',
  amount: '',
  expiry_length_days: 0,
  is_user_visible: true,
  is_default: false,
};

export const topupOptionForm = (o: TopupOption): TopupOptionFormValues => ({
  ...o,
  cost: dollarsOf(o.cost),
  amount: dollarsOf(o.amount),
});

export function topupOptionInput(values: TopupOptionFormValues): CallInput<typeof adminEditTopupOption> {
  return {
    id: values.id,
    name: values.name,
    cost: centsOf(values.cost),
    amount: centsOf(values.amount),
    expiry_length_days: values.expiry_length_days === '' ? 0 : Number(values.expiry_length_days),
    is_user_visible: values.is_user_visible,
    is_default: values.is_default,
  };
}

export interface PromoCodeFormValues {
  id: number;
  promo_key: string;
  display_name: string;
  amount: number | string;
  /** YYYY-MM-DD or empty (unset). */
  start_at: string;
  finish_at: string;
}

export const NEW_PROMO_CODE: PromoCodeFormValues = {
  id: NEW_PROMO_CODE_ID,
  promo_key: '',
  display_name: '',
  amount: '',
  start_at: '',
  finish_at: '',
};

export const promoCodeForm = (p: PromoCode): PromoCodeFormValues => ({
  id: p.id,
  promo_key: p.promo_key,
  display_name: p.display_name,
  amount: dollarsOf(p.amount),
  start_at: p.start_at?.slice(0, 10) ?? '',
  finish_at: p.finish_at?.slice(0, 10) ?? '',
});

/** A day as the start of that day in UTC; empty stays unset. */
const moment = (day: string) => (day ? `${day}T00:00:00Z` : null);

/** The fields create and edit share; the dialog adds the id (-1 for a new code, spec-2 §3). */
export function promoCodeInput(values: PromoCodeFormValues): Omit<CallInput<typeof adminCreatePromoCode>, 'id'> {
  return {
    promo_key: values.promo_key,
    display_name: values.display_name,
    amount: centsOf(values.amount),
    start_at: moment(values.start_at),
    finish_at: moment(values.finish_at),
  };
}
