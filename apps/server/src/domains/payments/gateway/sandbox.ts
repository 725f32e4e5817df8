import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../platform/clock.ts';
import {
  type CardGateway,
  type ChallengeSession,
  type ChargeRequest,
  type CardSession,
  type CardSummary,
  type Cents,
  type GatewayOutcome,
  type GatewayStatus,
  GatewayTimeout,
  type SessionResult,
} from './gateway.ts';

/**
 * How a sandbox card behaves, decided once from its number when the page tokenizes it; the number itself
 * is dropped there and then (docs/decisions/0024 lists the numbers).
 */
export type SandboxBehaviour = 'approve' | 'decline' | 'error' | 'challenge' | 'decline_charges' | 'timeout_charges';

export const SANDBOX_TEST_CARDS: Readonly<Record<string, SandboxBehaviour>> = {
  '4242424242424242': 'approve',
  '5555555555554444': 'approve',
  '378282246310005': 'approve',
  '4000000000000002': 'decline',
  '4000000000000119': 'error',
  '4000000000003220': 'challenge',
  '4000000000000341': 'decline_charges',
  '4000000000000259': 'timeout_charges',
};

/** How long a hosted page session may take before it expires. */
export const SANDBOX_SESSION_MS = 30 * 60_000;

export interface SandboxSessionRow {
  id: string;
  reference: string;
  parent_origin: string;
  /** pending → challenge → tokenized or failed for a card; challenge → passed or failed for a charge's 3-D Secure. */
  state: 'pending' | 'challenge' | 'tokenized' | 'passed' | 'failed';
  token: string | null;
  /** Set on a charge's 3-D Secure challenge: the charge it decides; null on a card page session. */
  transaction_id: string | null;
  response_text: string;
  created_at: Date;
  expires_at: Date;
}

export interface SandboxCardRow {
  token: string;
  brand: string;
  last4: string;
  expiry_month: number;
  expiry_year: number;
  card_name: string;
  behaviour: SandboxBehaviour;
  /** Whether the customer passed a 3-D Secure challenge when the card was entered. */
  challenge_passed: boolean;
  created_at: Date;
}

export type SandboxTransactionKind = 'authorize' | 'release' | 'charge' | 'refund';

export interface SandboxTransactionRow {
  id: string;
  idempotency_key: string;
  kind: SandboxTransactionKind;
  token: string | null;
  /** The hold a release frees, the charge a refund returns. */
  parent_id: string | null;
  amount: Cents;
  status: GatewayStatus;
  response_text: string;
  /** A hold's release, a charge's refunds so far, in cents. */
  reversed_amount: Cents;
  created_at: Date;
}

/** Where the sandbox processor keeps its own state (its own tables, not the portal's). */
export interface SandboxStore {
  insertSession(row: SandboxSessionRow): Promise<void>;
  findSession(id: string): Promise<SandboxSessionRow | null>;
  /** Moves a session on from one of the given states; false when it was no longer in them. */
  updateSession(
    id: string,
    from: SandboxSessionRow['state'][],
    to: Pick<SandboxSessionRow, 'state' | 'token' | 'response_text'>,
  ): Promise<boolean>;
  insertCard(row: SandboxCardRow): Promise<void>;
  findCard(token: string): Promise<SandboxCardRow | null>;
  setChallengePassed(token: string): Promise<void>;
  /** Inserts unless the key is taken; answers the row that holds the key and whether it is this one. */
  insertTransaction(row: SandboxTransactionRow): Promise<{ row: SandboxTransactionRow; created: boolean }>;
  findTransaction(id: string): Promise<SandboxTransactionRow | null>;
  /** The newest challenge session opened for a charge. */
  findChallengeSession(transaction_id: string): Promise<SandboxSessionRow | null>;
  /** Decides a charge waiting on its challenge; false when it was no longer waiting (answered already). */
  settleChallenge(id: string, to: { status: 'approved' | 'declined'; response_text: string }): Promise<boolean>;
  /** Adds to reversed_amount while it stays within amount; false when it would not. */
  reverse(id: string, amount: Cents): Promise<boolean>;
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^6(011|5)/.test(digits)) return 'Discover';
  return 'Card';
}

export const CHALLENGE_FAILED = '3-D Secure authentication failed';
export const CHALLENGE_EXPIRED = '3-D Secure authentication was not completed in time';

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export interface CardEntry {
  number: string;
  /** MM/YY or MM/YYYY. */
  expiry: string;
  cvc: string;
  name: string;
}

/** invalid: the page says what to fix and the customer may try again; failed ends the session. */
export type EntryAnswer =
  | { state: 'tokenized' }
  | { state: 'passed' }
  | { state: 'challenge' }
  | { state: 'invalid'; response_text: string }
  | { state: 'failed'; response_text: string };

/**
 * The local processor: what the hosted page posts to and what the portal's gateway calls reach. It
 * behaves like a hosted-payment-page processor: sessions, tokens, holds and their release, charges that
 * remember their idempotency keys (so a retry after a timeout answers the first outcome), refunds.
 */
export class SandboxGateway implements CardGateway {
  constructor(
    private readonly store: SandboxStore,
    private readonly clock: Clock,
    /** The portal's own origin: the page lives there, under /sandbox-gateway/. */
    private readonly baseUrl: string,
    /** Keys whose first answer the timeout card already lost: the network loses each one once. */
    private readonly lostAnswers: Set<string> = new Set(),
  ) {}

  async createSession(input: { reference: string; parent_origin: string }): Promise<CardSession> {
    const now = this.clock.now();
    const id = newId('ses');
    await this.store.insertSession({
      id,
      reference: input.reference,
      parent_origin: input.parent_origin,
      state: 'pending',
      token: null,
      transaction_id: null,
      response_text: '',
      created_at: now,
      expires_at: new Date(now.getTime() + SANDBOX_SESSION_MS),
    });
    return { session_id: id, url: `${this.baseUrl.replace(/\/$/, '')}/sandbox-gateway/card?session=${id}` };
  }

  /** The session as the hosted page needs it; null when unknown or expired. */
  async liveSession(id: string): Promise<SandboxSessionRow | null> {
    const session = await this.store.findSession(id);
    if (!session || session.expires_at.getTime() <= this.clock.now().getTime()) return null;
    return session;
  }

  /** The hosted page's form: checks the card, keeps only what a processor would, answers the page. */
  async enterCard(session_id: string, entry: CardEntry): Promise<EntryAnswer | null> {
    const session = await this.liveSession(session_id);
    if (!session || session.state !== 'pending') return null;
    const digits = entry.number.replace(/[\s-]/g, '');
    if (!luhnValid(digits)) return { state: 'invalid', response_text: 'Invalid card number' };
    const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(entry.expiry.trim());
    const month = expiry ? Number(expiry[1]) : 0;
    const year = expiry ? ((expiry[2] ?? '').length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2])) : 0;
    if (month < 1 || month > 12) return { state: 'invalid', response_text: 'Invalid expiry date' };
    const now = this.clock.now();
    const cvcLength = brandOf(digits) === 'American Express' ? 4 : 3;
    if (!new RegExp(`^\\d{${cvcLength}}$`).test(entry.cvc.trim())) return { state: 'invalid', response_text: 'Invalid security code' };
    if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
      await this.store.updateSession(session_id, ['pending'], { state: 'failed', token: null, response_text: 'Card expired' });
      return { state: 'failed', response_text: 'Card expired' };
    }
    const behaviour = SANDBOX_TEST_CARDS[digits] ?? 'approve';
    const token = newId('tok');
    await this.store.insertCard({
      token,
      brand: brandOf(digits),
      last4: digits.slice(-4),
      expiry_month: month,
      expiry_year: year,
      card_name: entry.name.trim().slice(0, 100),
      behaviour,
      challenge_passed: false,
      created_at: now,
    });
    if (behaviour === 'challenge') {
      await this.store.updateSession(session_id, ['pending'], { state: 'challenge', token, response_text: '' });
      return { state: 'challenge' };
    }
    await this.store.updateSession(session_id, ['pending'], { state: 'tokenized', token, response_text: '' });
    return { state: 'tokenized' };
  }

  /** The 3-D Secure step of the hosted page: the customer approves (or fails) the issuer's challenge. */
  async answerChallenge(session_id: string, passed: boolean): Promise<EntryAnswer | null> {
    const session = await this.liveSession(session_id);
    if (!session || session.state !== 'challenge' || !session.token) return null;
    if (session.transaction_id) return this.answerChargeChallenge(session, session.transaction_id, passed);
    if (!passed) {
      await this.store.updateSession(session_id, ['challenge'], {
        state: 'failed',
        token: null,
        response_text: '3-D Secure authentication failed',
      });
      return { state: 'failed', response_text: '3-D Secure authentication failed' };
    }
    await this.store.setChallengePassed(session.token);
    await this.store.updateSession(session_id, ['challenge'], { state: 'tokenized', token: session.token, response_text: '' });
    return { state: 'tokenized' };
  }

  /**
   * A charge's challenge answered: the charge waiting on it is approved or declined, once (a second answer,
   * or one racing it, finds the charge decided and changes nothing).
   */
  private async answerChargeChallenge(session: SandboxSessionRow, transaction_id: string, passed: boolean): Promise<EntryAnswer | null> {
    const to = passed
      ? ({ status: 'approved', response_text: 'Approved' } as const)
      : ({ status: 'declined', response_text: CHALLENGE_FAILED } as const);
    if (!(await this.store.settleChallenge(transaction_id, to))) return null;
    await this.store.updateSession(session.id, ['challenge'], {
      state: passed ? 'passed' : 'failed',
      token: session.token,
      response_text: passed ? '' : CHALLENGE_FAILED,
    });
    return passed ? { state: 'passed' } : { state: 'failed', response_text: CHALLENGE_FAILED };
  }

  /** A charge's open challenge as its hosted page shows it; null when unknown, answered or expired. */
  async liveChallenge(session_id: string): Promise<{ session: SandboxSessionRow; amount: Cents } | null> {
    const session = await this.liveSession(session_id);
    if (!session?.transaction_id || session.state !== 'challenge') return null;
    const charge = await this.store.findTransaction(session.transaction_id);
    if (charge?.status !== 'challenge_required') return null;
    return { session, amount: charge.amount };
  }

  async sessionResult(session_id: string): Promise<SessionResult> {
    const session = await this.store.findSession(session_id);
    if (!session) return { state: 'expired' };
    if (session.state === 'failed') return { state: 'failed', response_text: session.response_text };
    if (session.state === 'tokenized' && session.token) {
      const card = await this.store.findCard(session.token);
      if (card) return { state: 'tokenized', card: summaryOf(card) };
    }
    if (session.expires_at.getTime() <= this.clock.now().getTime()) return { state: 'expired' };
    return { state: 'pending' };
  }

  async authorize(input: { token: string; amount: Cents; idempotency_key: string; reference: string }): Promise<GatewayOutcome> {
    const card = await this.store.findCard(input.token);
    const request = {
      type: 'authorize',
      token: input.token,
      amount: input.amount,
      currency: 'USD',
      reference: input.reference,
      idempotency_key: input.idempotency_key,
    };
    const [status, text] = !card
      ? (['declined', 'Unknown card token'] as const)
      : card.behaviour === 'decline'
        ? (['declined', 'Card declined'] as const)
        : card.behaviour === 'error'
          ? (['error', 'Processor unavailable'] as const)
          : card.behaviour === 'challenge' && !card.challenge_passed
            ? (['challenge_required', '3-D Secure authentication required'] as const)
            : (['approved', 'Approved'] as const);
    return this.record('authorize', input.idempotency_key, input.token, null, input.amount, status, text, request);
  }

  async release(input: { authorization_id: string; idempotency_key: string }): Promise<GatewayOutcome> {
    const request = { type: 'release', authorization_id: input.authorization_id, idempotency_key: input.idempotency_key };
    const hold = await this.store.findTransaction(input.authorization_id);
    if (!hold || hold.kind !== 'authorize' || hold.status !== 'approved') {
      return this.record('release', input.idempotency_key, null, input.authorization_id, 0, 'declined', 'No such hold', request);
    }
    const existing = await this.store.insertTransaction(
      this.row('release', input.idempotency_key, hold.token, hold.id, hold.amount, 'approved', 'Released'),
    );
    if (existing.created && !(await this.store.reverse(hold.id, hold.amount))) {
      // Freed by another release already: this one moved nothing.
      return outcomeOf({ ...existing.row, status: 'declined', response_text: 'Hold already released' }, request);
    }
    return outcomeOf(existing.row, request);
  }

  async charge(input: ChargeRequest): Promise<GatewayOutcome> {
    const card = await this.store.findCard(input.token);
    const request = {
      type: 'charge',
      token: input.token,
      amount: input.amount,
      currency: 'USD',
      reference: input.reference,
      idempotency_key: input.idempotency_key,
    };
    const [status, text] = !card
      ? (['declined', 'Unknown card token'] as const)
      : card.behaviour === 'decline' || card.behaviour === 'decline_charges'
        ? (['declined', 'Insufficient funds'] as const)
        : card.behaviour === 'error'
          ? (['error', 'Processor unavailable'] as const)
          : card.behaviour === 'challenge'
            ? (['challenge_required', '3-D Secure authentication required'] as const)
            : (['approved', 'Approved'] as const);
    const { row, created } = await this.store.insertTransaction(
      this.row('charge', input.idempotency_key, input.token, null, input.amount, status, text),
    );
    // The timeout card: the charge goes through, but its first answer is lost on the way back.
    if (created && card?.behaviour === 'timeout_charges' && !this.lostAnswers.has(input.idempotency_key)) {
      this.lostAnswers.add(input.idempotency_key);
      throw new GatewayTimeout(input.idempotency_key);
    }
    if (row.status === 'challenge_required' && input.challenge_origin) return this.challengeOf(row, input.challenge_origin, request);
    return outcomeOf(row, request);
  }

  /**
   * A charge waiting on 3-D Secure, with the customer there: its open challenge (opened now if it has none).
   * A challenge left unanswered until it expired declines the charge, as an issuer's timeout does.
   */
  private async challengeOf(row: SandboxTransactionRow, origin: string, request: Record<string, unknown>): Promise<GatewayOutcome> {
    const open = await this.store.findChallengeSession(row.id);
    if (open && open.expires_at.getTime() <= this.clock.now().getTime()) {
      await this.store.settleChallenge(row.id, { status: 'declined', response_text: CHALLENGE_EXPIRED });
      const decided = await this.store.findTransaction(row.id);
      return outcomeOf(decided ?? row, request);
    }
    let session = open;
    if (!session) {
      const now = this.clock.now();
      session = {
        id: newId('tds'),
        reference: row.id,
        parent_origin: origin,
        state: 'challenge',
        token: row.token,
        transaction_id: row.id,
        response_text: '',
        created_at: now,
        expires_at: new Date(now.getTime() + SANDBOX_SESSION_MS),
      };
      await this.store.insertSession(session);
    }
    const challenge: ChallengeSession = {
      session_id: session.id,
      url: `${this.baseUrl.replace(/\/$/, '')}/sandbox-gateway/challenge?session=${session.id}`,
    };
    const outcome = outcomeOf(row, request);
    return { ...outcome, challenge, response: { ...outcome.response, challenge } };
  }

  async refund(input: { charge_id: string; amount: Cents; idempotency_key: string }): Promise<GatewayOutcome> {
    const request = { type: 'refund', charge_id: input.charge_id, amount: input.amount, idempotency_key: input.idempotency_key };
    const charge = await this.store.findTransaction(input.charge_id);
    if (!charge || charge.kind !== 'charge' || charge.status !== 'approved') {
      return this.record('refund', input.idempotency_key, null, input.charge_id, input.amount, 'declined', 'No such charge', request);
    }
    const { row, created } = await this.store.insertTransaction(
      this.row('refund', input.idempotency_key, charge.token, charge.id, input.amount, 'approved', 'Refunded'),
    );
    if (created && !(await this.store.reverse(charge.id, input.amount))) {
      return outcomeOf({ ...row, status: 'declined', response_text: 'Refund exceeds the charge' }, request);
    }
    return outcomeOf(row, request);
  }

  private row(
    kind: SandboxTransactionKind,
    key: string,
    token: string | null,
    parent_id: string | null,
    amount: Cents,
    status: GatewayStatus,
    response_text: string,
  ): SandboxTransactionRow {
    return {
      id: newId('txn'),
      idempotency_key: key,
      kind,
      token,
      parent_id,
      amount,
      status,
      response_text,
      reversed_amount: 0,
      created_at: this.clock.now(),
    };
  }

  private async record(
    kind: SandboxTransactionKind,
    key: string,
    token: string | null,
    parent_id: string | null,
    amount: Cents,
    status: GatewayStatus,
    text: string,
    request: Record<string, unknown>,
  ): Promise<GatewayOutcome> {
    const { row } = await this.store.insertTransaction(this.row(kind, key, token, parent_id, amount, status, text));
    return outcomeOf(row, request);
  }
}

function summaryOf(card: SandboxCardRow): CardSummary {
  return {
    token: card.token,
    brand: card.brand,
    last4: card.last4,
    expiry_month: card.expiry_month,
    expiry_year: card.expiry_year,
    card_name: card.card_name,
  };
}

/** The processor's answer; a replayed key answers the first request's row, as a real processor does. */
function outcomeOf(row: SandboxTransactionRow, request: Record<string, unknown>): GatewayOutcome {
  const declinedOnly = row.status !== 'approved' && row.kind !== 'authorize' && row.kind !== 'charge';
  return {
    status: row.status,
    transaction_id: declinedOnly && row.response_text.startsWith('No such') ? null : row.id,
    response_text: row.response_text,
    request,
    response: {
      id: row.id,
      kind: row.kind,
      status: row.status,
      amount: row.amount,
      currency: 'USD',
      response_text: row.response_text,
      idempotency_key: row.idempotency_key,
      created_at: row.created_at.toISOString(),
    },
  };
}

/** A store in memory, for the sandbox's own unit tests. */
export class MemorySandboxStore implements SandboxStore {
  sessions = new Map<string, SandboxSessionRow>();
  cards = new Map<string, SandboxCardRow>();
  transactions = new Map<string, SandboxTransactionRow>();
  async insertSession(row: SandboxSessionRow) {
    this.sessions.set(row.id, { ...row });
  }
  async findSession(id: string) {
    return this.sessions.get(id) ?? null;
  }
  async updateSession(id: string, from: SandboxSessionRow['state'][], to: Pick<SandboxSessionRow, 'state' | 'token' | 'response_text'>) {
    const row = this.sessions.get(id);
    if (!row || !from.includes(row.state)) return false;
    Object.assign(row, to);
    return true;
  }
  async insertCard(row: SandboxCardRow) {
    this.cards.set(row.token, { ...row });
  }
  async findCard(token: string) {
    return this.cards.get(token) ?? null;
  }
  async setChallengePassed(token: string) {
    const card = this.cards.get(token);
    if (card) card.challenge_passed = true;
  }
  async insertTransaction(row: SandboxTransactionRow) {
    for (const existing of this.transactions.values())
      if (existing.idempotency_key === row.idempotency_key) return { row: existing, created: false };
    this.transactions.set(row.id, { ...row });
    return { row, created: true };
  }
  async findTransaction(id: string) {
    return this.transactions.get(id) ?? null;
  }
  async findChallengeSession(transaction_id: string) {
    const open = [...this.sessions.values()].filter((s) => s.transaction_id === transaction_id);
    return open.sort((a, b) => b.created_at.getTime() - a.created_at.getTime())[0] ?? null;
  }
  async settleChallenge(id: string, to: { status: 'approved' | 'declined'; response_text: string }) {
    const row = this.transactions.get(id);
    if (row?.status !== 'challenge_required') return false;
    Object.assign(row, to);
    return true;
  }
  async reverse(id: string, amount: Cents) {
    const row = this.transactions.get(id);
    if (!row || row.reversed_amount + amount > row.amount) return false;
    row.reversed_amount += amount;
    return true;
  }
}
