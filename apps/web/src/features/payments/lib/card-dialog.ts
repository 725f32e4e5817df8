import { type CardPageMessage, type PaymentCard, UNKNOWN_ERROR_TEXT, zCardPageMessage } from '@portal/contract/payments/cards';

/**
 * The Authorize New Card dialog (spec-2 §4): init, then processing (the card page framed), then success,
 * fail or error. Billing details come first when the company has none; Go back and Try again return to init.
 */
export type CardDialogState =
  | { step: 'init' }
  | { step: 'billing_details'; fields: Readonly<Record<string, string>> }
  | { step: 'processing'; url: string; session: string; completing: boolean }
  | { step: 'success'; card: PaymentCard | null }
  | { step: 'fail'; response_text: string }
  | { step: 'error'; message: string };

export type CardDialogEvent =
  | { type: 'started'; url: string; session: string }
  | { type: 'needs_billing_details'; fields: Readonly<Record<string, string>> }
  | { type: 'reported' }
  | { type: 'completed'; result: 'success' | 'fail' | 'error'; response_text: string; card: PaymentCard | null }
  | { type: 'failed'; message?: string }
  | { type: 'restart' };

export const INITIAL_CARD_DIALOG: CardDialogState = { step: 'init' };

export function cardDialogReducer(state: CardDialogState, event: CardDialogEvent): CardDialogState {
  switch (event.type) {
    case 'started':
      return { step: 'processing', url: event.url, session: event.session, completing: false };
    case 'needs_billing_details':
      return { step: 'billing_details', fields: event.fields };
    case 'reported':
      return state.step === 'processing' ? { ...state, completing: true } : state;
    case 'completed':
      if (event.result === 'success') return { step: 'success', card: event.card };
      if (event.result === 'fail') return { step: 'fail', response_text: event.response_text };
      return { step: 'error', message: UNKNOWN_ERROR_TEXT };
    case 'failed':
      return { step: 'error', message: event.message || UNKNOWN_ERROR_TEXT };
    case 'restart':
      return INITIAL_CARD_DIALOG;
  }
}

/**
 * The card page's report, or null when the message is not one: it must come from the portal's own origin
 * (the card page is served there; any other window could forge a result), have the page's shape, and name
 * the session this dialog opened.
 */
export function cardPageReport(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  expected: { origin: string; session: string },
): CardPageMessage | null {
  if (event.origin !== expected.origin) return null;
  const parsed = zCardPageMessage.safeParse(event.data);
  if (!parsed.success || parsed.data.session !== expected.session) return null;
  return parsed.data;
}

/**
 * A fresh idempotency key for one payment: made when the Topup payment dialog opens and kept while the
 * outcome of a send is unknown, so a double click or a retry after a timeout cannot charge twice.
 */
export function newIdempotencyKey(): string {
  return `pay-${crypto.randomUUID()}`;
}
