import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCentsNonNegative, zTimestamp } from '../shared/fields.ts';
import { zOwnedId } from '../shared/owned-id.ts';
import { UNLIMITED_PAGE_SIZE, zPageOf } from '../shared/paging.ts';

/** Saved cards list at most this many on one page ("a fixed maximum page size whose value is not shown"). */
export const CARD_PAGE_SIZE = 20;
/** The temporary hold placed on a new card (spec-2 §9), released at once. */
export const CARD_HOLD_CENTS = 100;

export const NO_CARDS_TEXT = 'No credit card on file.';
export const BILLING_DETAILS_NEEDED = 'Please enter your billing details before adding a card';
export const AUTHORIZE_FAILED_TITLE = 'Your card could not be authorized';
export const UNKNOWN_ERROR_TEXT = 'Unknown Error: Please contact support';
export const CARD_NOT_FOUND = 'Card not found';
export const CARD_SESSION_NOT_FOUND = 'This card session has expired. Close the dialog and try again.';

/** The message the hosted card page posts to the portal page that frames it. */
export const zCardPageMessage = z.object({
  source: z.literal('sandbox-gateway'),
  session: z.string(),
  state: z.enum(['ready', 'tokenized', 'failed', 'error']),
  response_text: z.string(),
});
export type CardPageMessage = z.infer<typeof zCardPageMessage>;

/** A saved card (spec-2 §3): what the portal keeps is a token, the brand, the last four digits and the expiry. */
export const zPaymentCard = z.object({
  id: z.number().int(),
  card_name: z.string(),
  /** The brand: Visa, Mastercard, American Express... */
  card_type: z.string(),
  /** Masked: only the last four digits. */
  card_number: z.string(),
  /** MM/YYYY. */
  card_expiry: z.string(),
  is_default: z.boolean(),
  /** When the card was last used at the gateway; null if never. */
  last_transaction: zTimestamp.nullable(),
  transaction_success_count: z.number().int(),
  transaction_failure_count: z.number().int(),
  /** What its successful charges came to, in cents. */
  charged_amount: zCentsNonNegative,
});
export type PaymentCard = z.infer<typeof zPaymentCard>;

export const listPaymentMethods = defineCall({
  path: '/api/v1/user/payment-methods/list',
  summary: "The company's saved cards, default first, then newest, with each card's gateway history in brief.",
  input: z.object({
    page: z.number().int().min(1).max(10_000_000).default(1),
    page_size: z.number().int().min(1).max(UNLIMITED_PAGE_SIZE).default(CARD_PAGE_SIZE),
  }),
  output: zPageOf(zPaymentCard),
  access: { roles: ['customer', 'distributor'] },
});

export const authorizePaymentMethod = defineCall({
  path: '/api/v1/user/payment-methods/authorize',
  summary:
    'Starts adding a card: the URL of the hosted card page to frame, and its session. Needs the billing details (phone, street, city, postcode) first.',
  input: z.object({}),
  output: z.object({ url: z.string(), session: z.string() }),
  access: { roles: ['customer', 'distributor'] },
});

export const completePaymentMethod = defineCall({
  path: '/api/v1/user/payment-methods/complete',
  summary:
    'Finishes adding a card once the card page reported: the $1 hold and its release at the gateway, then the saved card. Completing twice saves one card.',
  input: z.object({ session: z.string().trim().min(1, { error: CARD_SESSION_NOT_FOUND }).max(100) }),
  output: z.object({
    /** success: saved; fail: the card was refused (response_text says why); error: the gateway failed. */
    result: z.enum(['success', 'fail', 'error']),
    response_text: z.string(),
    card: zPaymentCard.nullable(),
  }),
  access: { roles: ['customer', 'distributor'] },
  conflict: 'The card page has not reported yet; complete again once it has.',
});

export const setDefaultPaymentMethod = defineCall({
  path: '/api/v1/user/payment-methods/set-default',
  summary: "Makes one of the company's cards the default (the one automatic top-ups charge).",
  input: z.object({ card_id: zOwnedId('payment_card') }),
  output: z.null(),
  access: { roles: ['customer', 'distributor'] },
});

export const deletePaymentMethod = defineCall({
  path: '/api/v1/user/payment-methods/delete',
  summary: "Removes one of the company's cards; the next newest becomes the default if it was.",
  input: z.object({ card_id: zOwnedId('payment_card') }),
  output: z.null(),
  access: { roles: ['customer', 'distributor'] },
});
