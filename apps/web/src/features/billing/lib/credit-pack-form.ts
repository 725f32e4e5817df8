import type { adminCreateCreditPack } from '@portal/contract/billing/credit-packs';
import type { CallInput } from '@portal/contract/shared/define-call';
import { dollarsToCents } from '../../../lib/money';

/** The Manage credit form as typed: money in dollars (step 0.01), expiry in days, empty for never. */
export interface CreditPackFormValues {
  target_name: string;
  target_cost: number | string;
  target_amount: number | string;
  target_expiry_days: number | string;
  target_create_billing_entry: boolean;
  target_is_oob_payment: boolean;
}

/** Spec-2 §5: create billing entry on, out-of-band payment off. */
export const EMPTY_CREDIT_PACK_FORM: CreditPackFormValues = {
  target_name: '',
  target_cost: '',
  target_amount: '',
  target_expiry_days: '',
  target_create_billing_entry: true,
  target_is_oob_payment: false,
};

export interface CreditPackPreset {
  label: string;
  values: CreditPackFormValues;
}

/**
 * The presets that fill the form (spec-2 §5): the credit an admin adds most often. Decision 0020 records them;
 * they become the top-up options once those can be managed.
 */
export const CREDIT_PACK_PRESETS: readonly CreditPackPreset[] = [
  {
    label: 'Goodwill credit, $10 for 90 days',
    values: {
      ...EMPTY_CREDIT_PACK_FORM,
      target_name: 'Goodwill credit',
      target_cost: 0,
      target_amount: 10,
      target_expiry_days: 90,
      target_create_billing_entry: false,
    },
  },
  {
    label: 'Trial extension credit, $25 for 30 days',
    values: {
      ...EMPTY_CREDIT_PACK_FORM,
      target_name: 'Trial extension credit',
      target_cost: 0,
      target_amount: 25,
      target_expiry_days: 30,
      target_create_billing_entry: false,
    },
  },
  {
    label: 'Bank transfer, $100',
    values: { ...EMPTY_CREDIT_PACK_FORM, target_name: 'Bank transfer', target_cost: 100, target_amount: 100, target_is_oob_payment: true },
  },
];

/** Typed dollars as cents; an empty field is no money. Text that is not an amount is left for the schema to refuse. */
function cents(value: number | string): number {
  if (value === '') return 0;
  try {
    return dollarsToCents(value);
  } catch {
    return Number.NaN;
  }
}

/** The call's input: dollars become cents, and no expiry (empty or 0) is null, a pack that never expires. */
export function creditPackInput(companyId: number, values: CreditPackFormValues): CallInput<typeof adminCreateCreditPack> {
  const days = values.target_expiry_days === '' ? null : Number(values.target_expiry_days);
  return {
    target_id: companyId,
    target_name: values.target_name,
    target_cost: cents(values.target_cost),
    target_amount: cents(values.target_amount),
    target_expiry_days: days === 0 ? null : days,
    target_create_billing_entry: values.target_create_billing_entry,
    target_is_oob_payment: values.target_is_oob_payment,
  };
}
