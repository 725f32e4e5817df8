import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCents, zCentsNonNegative } from '../shared/fields.ts';
import { ID_MAX, zOwnedId } from '../shared/owned-id.ts';

export const SELECT_TOPUP = 'Please select a topup amount';
export const SELECT_CARD = 'Please select a payment method';
/** The web shows it with the gateway's response text after it (spec-2 §8). */
export const PAYMENT_FAILED = 'Your payment could not be processed.';
export const PAYMENT_IN_PROGRESS = 'This payment is already being processed. Please wait a moment and check your balance.';
export const GATEWAY_TIMEOUT = 'The payment gateway did not answer in time. Please try again: you will not be charged twice.';
export const TOPUP_NOT_FOUND = 'This topup amount is no longer available';
/** A card that needs 3-D Secure: the page frames the issuer's check, then sends the same payment again. */
export const CHALLENGE_REQUIRED = 'Your bank asks you to confirm this payment.';

/**
 * What the issuer's 3-D Secure page reports to the Topup payment dialog by postMessage (from the processor's
 * origin, addressed to the portal's): ready once shown, then passed, failed or error.
 */
export const zChallengePageMessage = z.object({
  source: z.literal('sandbox-gateway'),
  session: z.string(),
  state: z.enum(['ready', 'passed', 'failed', 'error']),
  response_text: z.string(),
});
export type ChallengePageMessage = z.infer<typeof zChallengePageMessage>;

export const chargePaymentMethod = defineCall({
  path: '/api/v1/user/payment-methods/charge',
  summary:
    'Pay once: charges a saved card for a top-up option and adds its credit pack. The same idempotency_key never charges twice; a decline adds nothing. A card that needs 3-D Secure answers success false with a challenge to frame; sending the same payment again with the same key after the challenge completes it.',
  input: z.object({
    target_topup_id: z.number({ error: SELECT_TOPUP }).int().min(1, { error: SELECT_TOPUP }).max(ID_MAX, { error: SELECT_TOPUP }),
    /** The missing-id message stands in for the type error too (the page sends nothing when no card is picked). */
    target_card_id: zOwnedId('payment_card', SELECT_CARD),
    /** Chosen by the page once per payment, so a retry of the same payment cannot charge twice. */
    idempotency_key: z
      .string()
      .trim()
      .min(8)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
  }),
  output: z.object({
    success: z.boolean(),
    /** On failure: PAYMENT_FAILED and the gateway's response text. */
    message: z.string(),
    response_text: z.string(),
    credit_pack_id: z.number().int().nullable(),
    /** Credit added and paid, in cents. */
    amount: zCentsNonNegative,
    cost: zCentsNonNegative,
    balance: zCents,
    /**
     * Set when the issuer asks for 3-D Secure: the page frames url, hears the page's report for session, then
     * sends this payment again with the same idempotency_key to learn its outcome. Null otherwise.
     */
    challenge: z.object({ url: z.string(), session: z.string() }).nullable(),
  }),
  access: { roles: ['customer', 'distributor'] },
  conflict: 'The idempotency_key was already used for another payment.',
});
