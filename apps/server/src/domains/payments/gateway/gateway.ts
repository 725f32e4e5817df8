/**
 * The card gateway: the one interface between the portal and a card processor (docs/decisions/0024).
 *
 * The portal never sees a card number. A customer types it into the processor's own hosted card page,
 * framed by the portal; the processor keeps the card and answers with a token. The portal stores the
 * token, brand, last four digits and expiry, and from then on charges the token.
 *
 * Every money-moving request carries an idempotency key the portal chose and stored before sending. A
 * request that timed out is sent again with the same key: the processor answers with the first outcome
 * instead of moving money twice. A processor without native idempotency keys gets them from its adapter
 * (Windcave's merchant reference plus its "query transaction" call).
 *
 * 3-D Secure (docs/decisions/0041): an issuer may answer a charge with `challenge_required`. When the
 * customer is there (pay once), the portal names the origin of the page that frames the challenge; the
 * processor then answers with a challenge (Stripe's next_action redirect, Windcave's 3DS hosted page,
 * Adyen's action): a page the portal frames where the customer answers the issuer. The challenge page
 * reports to the portal's page by postMessage; the portal then sends the same charge again with the same
 * idempotency key, and the processor answers the charge's final outcome (approved once the challenge was
 * passed, declined when it failed or expired, challenge_required while it is still open). No money moves
 * before the challenge is passed, and the key keeps the completion from ever charging twice. When nobody
 * is there (automatic top-up), no origin is named and challenge_required is final for that key.
 */

/** Cents, USD. */
export type Cents = number;

export type GatewayStatus =
  /** The processor moved (or held, or released) the money. */
  | 'approved'
  /** The issuer or the processor refused; the response text says why. Final: retrying will not help. */
  | 'declined'
  /** The processor failed (down, misconfigured, internal error); no money moved. */
  | 'error'
  /** The issuer wants a 3-D Secure challenge the customer must complete in the hosted page. */
  | 'challenge_required';

/** A processor's answer to one request, with what was sent and received for the card transaction row. */
export interface GatewayOutcome {
  status: GatewayStatus;
  /** The processor's transaction id (the spec's dps_transaction_id); null when nothing was created. */
  transaction_id: string | null;
  /** The processor's human-readable answer ("Approved", "Card declined", ...). */
  response_text: string;
  /** The request as sent, with secrets (keys, passwords, card data) redacted. */
  request: Record<string, unknown>;
  /** The response as received, redacted likewise. */
  response: Record<string, unknown>;
  /** With challenge_required, when the charge named a challenge_origin: the issuer's page to frame. */
  challenge?: ChallengeSession;
}

/** A 3-D Secure challenge of one charge, open until the customer answers it or it expires. */
export interface ChallengeSession {
  /** Named in the challenge page's postMessage reports, so the portal's page knows they are this charge's. */
  session_id: string;
  /** The page the portal frames; it reports `passed`, `failed` or `error` to challenge_origin. */
  url: string;
}

export interface ChargeRequest {
  token: string;
  amount: Cents;
  idempotency_key: string;
  reference: string;
  /**
   * The customer is on this origin's page and can answer a 3-D Secure challenge there (pay once). Without
   * it the charge is off-session (automatic top-up) and a challenge cannot be offered.
   */
  challenge_origin?: string;
}

/** The card the hosted page tokenized: everything the portal may keep. */
export interface CardSummary {
  token: string;
  /** Visa, Mastercard, American Express, ... */
  brand: string;
  last4: string;
  expiry_month: number;
  expiry_year: number;
  card_name: string;
}

/** A hosted card page session, started for one company's "add a card". */
export interface CardSession {
  session_id: string;
  /** The page the portal frames; it reports to the parent by postMessage. */
  url: string;
}

export type SessionResult =
  | { state: 'pending' }
  | { state: 'tokenized'; card: CardSummary }
  | { state: 'failed'; response_text: string }
  | { state: 'expired' };

/** Thrown when the processor did not answer in time: the outcome is unknown, retry with the same key. */
export class GatewayTimeout extends Error {
  constructor(readonly idempotency_key: string) {
    super('The card gateway did not answer in time');
  }
}

export interface CardGateway {
  /** Starts a hosted card page session; reference is the portal's own id for it (a company and a nonce). */
  createSession(input: { reference: string; parent_origin: string }): Promise<CardSession>;
  /** What the customer did in the hosted page: the tokenized card, or why it failed. */
  sessionResult(session_id: string): Promise<SessionResult>;
  /** Places a temporary hold on the token's card (the $1 check that a new card is real and open). */
  authorize(input: { token: string; amount: Cents; idempotency_key: string; reference: string }): Promise<GatewayOutcome>;
  /** Releases a hold authorize placed, by its transaction id. */
  release(input: { authorization_id: string; idempotency_key: string }): Promise<GatewayOutcome>;
  /**
   * Charges the token; the same key never charges twice. Sent again with the same key after a challenge,
   * it answers the charge's outcome now that the customer answered the issuer.
   */
  charge(input: ChargeRequest): Promise<GatewayOutcome>;
  /** Refunds part or all of a charge, by its transaction id. */
  refund(input: { charge_id: string; amount: Cents; idempotency_key: string }): Promise<GatewayOutcome>;
}
