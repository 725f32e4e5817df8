import { type ChallengePageMessage, type chargePaymentMethod, zChallengePageMessage } from '@portal/contract/payments/charges';
import type { z } from 'zod';

type ChargeAnswer = z.output<(typeof chargePaymentMethod)['output']>;
export interface PaymentInput {
  target_topup_id: number;
  target_card_id: number;
  idempotency_key: string;
}

/**
 * The Topup payment dialog (spec-2 §2.10, §4, decision 0041): init, then success or fail; a card that needs
 * 3-D Secure goes through challenge (the issuer's page framed) and checking (the same payment sent again).
 */
export type PayOnceState =
  | { step: 'init' }
  | { step: 'challenge'; url: string; session: string; payment: PaymentInput; checking: boolean }
  | { step: 'success'; amount: number; balance: number }
  | { step: 'fail'; response_text: string };

export type PayOnceEvent =
  | { type: 'answered'; answer: ChargeAnswer; payment: PaymentInput }
  /** The issuer's page reported an outcome: the payment is being sent again. */
  | { type: 'checking' }
  /** The issuer's page could not finish; nothing is known to be charged. */
  | { type: 'challenge_error'; response_text: string }
  | { type: 'restart' };

export const INITIAL_PAY_ONCE: PayOnceState = { step: 'init' };

export function payOnceReducer(state: PayOnceState, event: PayOnceEvent): PayOnceState {
  switch (event.type) {
    case 'answered': {
      const { answer } = event;
      if (answer.success) return { step: 'success', amount: answer.amount, balance: answer.balance };
      if (answer.challenge) {
        return { step: 'challenge', url: answer.challenge.url, session: answer.challenge.session, payment: event.payment, checking: false };
      }
      return { step: 'fail', response_text: answer.response_text };
    }
    case 'checking':
      return state.step === 'challenge' ? { ...state, checking: true } : state;
    case 'challenge_error':
      return state.step === 'challenge' ? { step: 'fail', response_text: event.response_text } : state;
    case 'restart':
      return INITIAL_PAY_ONCE;
  }
}

/**
 * The issuer's page's report, or null when the message is not one: it must come from the expected origin
 * (the sandbox's page is served by the portal; any other window could forge a result), have the page's shape
 * and name this payment's challenge. The result is never trusted for money: it only says when to ask the server.
 */
export function challengeReport(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  expected: { origin: string; session: string },
): ChallengePageMessage | null {
  if (event.origin !== expected.origin) return null;
  const parsed = zChallengePageMessage.safeParse(event.data);
  if (!parsed.success || parsed.data.session !== expected.session) return null;
  return parsed.data;
}
