import { CHALLENGE_REQUIRED, GATEWAY_TIMEOUT, PAYMENT_FAILED, TOPUP_NOT_FOUND } from '@portal/contract/payments/charges';
import { formatCents } from '@portal/contract/shared/money';
import { randomBytes } from 'node:crypto';
import type { CallContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import * as billing from '../billing/service.ts';
import * as notifications from '../notifications/service.ts';
import { type ChallengeSession, type GatewayOutcome, GatewayTimeout } from './gateway/gateway.ts';
import { gatewayOf, redact } from './gateway/install.ts';
import { requireCard } from './cards.ts';
import type { CardRow } from './queries/cards.ts';
import * as q from './queries/charges.ts';

export interface ChargeInput {
  target_topup_id: number;
  target_card_id: number;
  idempotency_key?: string;
}

export interface ChargeAnswer {
  success: boolean;
  message: string;
  response_text: string;
  credit_pack_id: number | null;
  amount: number;
  cost: number;
  balance: number;
  /** The issuer's 3-D Secure page to frame; the page then sends the same payment again with the same key. */
  challenge: { url: string; session: string } | null;
}

/**
 * Pay once (spec-2 §2.10, §5): charges a saved card for a top-up option and adds its credit pack.
 *
 * The idempotency key is claimed first, in the call's transaction: a second call with the same key waits on
 * it and then answers the first call's outcome. The card is charged with that key, so a retry after a
 * timeout (whose transaction rolled back) reaches the gateway with the same key and gets the first charge's
 * answer instead of a second charge. On approval the pack and the card transaction commit together; on a
 * decline only the failed card transaction is written.
 *
 * The customer is on the page, so a card that needs 3-D Secure answers with the issuer's challenge instead
 * of a decline (docs/decisions/0041): the card transaction stays pending, and the page sends the same
 * payment again with the same key once the challenge is answered; the gateway then answers the charge's
 * outcome and the pack is written then, once.
 */
export async function chargeOnce(ctx: CallContext, input: ChargeInput): Promise<ChargeAnswer> {
  const { company, card } = await requireCard(ctx, input.target_card_id);
  const option = await q.findTopupOption(ctx.db, input.target_topup_id);
  if (!option || !(option.is_user_visible || option.is_default))
    throw new AppError(400, TOPUP_NOT_FOUND, { target_topup_id: TOPUP_NOT_FOUND });
  // Keys are the page's; the company's id in front keeps one company's keys from meeting another's.
  const key = `charge:${company.id}:${input.idempotency_key ?? randomBytes(16).toString('hex')}`;
  const charged = await chargeCard(ctx, {
    company_id: company.id,
    card,
    option,
    idempotency_key: key,
    by: ctx.actor.label,
    // The portal's own page frames the issuer's challenge and hears its report.
    challenge_origin: new URL(ctx.config.PUBLIC_URL).origin,
  });
  if (charged.challenge) {
    return {
      success: false,
      message: CHALLENGE_REQUIRED,
      response_text: charged.response_text,
      credit_pack_id: null,
      amount: 0,
      cost: 0,
      balance: await billing.balanceOf(ctx, { companyId: company.id }),
      challenge: { url: charged.challenge.url, session: charged.challenge.session_id },
    };
  }
  return answerOf(ctx, company.id, charged.approved, charged.response_text, charged.credit_pack_id, option);
}

export interface CardCharge {
  company_id: number;
  card: CardRow;
  option: q.TopupOptionRow;
  /** Claimed before the gateway hears of the charge; the same key never charges twice. */
  idempotency_key: string;
  /** Who the credit pack names as having added it. */
  by: string;
  /** The customer is on this origin's page and can answer a 3-D Secure challenge (pay once); unset off-session. */
  challenge_origin?: string;
}

export interface CardChargeResult {
  approved: boolean;
  /** The gateway's status; a replayed key answers 'approved' or 'declined' from its stored row. */
  status: GatewayOutcome['status'];
  response_text: string;
  credit_pack_id: number | null;
  /** Set when the charge waits on the customer's 3-D Secure challenge: the card transaction stays pending. */
  challenge?: ChallengeSession;
}

/**
 * Charges a saved card for a top-up option: pay once and automatic top-up both come here, so a top-up
 * is one thing however it started. The key is claimed first; a key already finished answers its stored
 * outcome without reaching the gateway. On approval the credit pack, the card transaction and the receipt
 * mail commit together; on a decline only the failed card transaction is written. A timeout throws 504
 * after arranging for the pending row to outlive the rollback.
 */
export async function chargeCard(ctx: CallContext, c: CardCharge): Promise<CardChargeResult> {
  const { card, option } = c;
  const now = ctx.clock.now();
  const item = `Top-up: ${option.name}`;
  const pending = {
    company_id: c.company_id,
    card_id: card.id,
    kind: 'charge' as const,
    item,
    charged_amount: option.cost,
    idempotency_key: c.idempotency_key,
    topup_option_id: option.id,
    created_at: now,
  };
  const claim = await q.claimKey(ctx.db, pending);
  const { row } = claim;
  if (!claim.created) {
    if (row.company_id !== c.company_id || row.card_id !== card.id || row.charged_amount !== option.cost || row.kind !== 'charge') {
      throw new AppError(409, 'This payment key was used for another payment');
    }
    if (row.success !== null) {
      return {
        approved: row.success,
        status: row.success ? 'approved' : 'declined',
        response_text: row.response_text,
        credit_pack_id: row.credit_pack_id,
      };
    }
  }
  const gateway = gatewayOf(ctx);
  let outcome: GatewayOutcome;
  try {
    outcome = await gateway.charge({
      token: card.gateway_token,
      amount: option.cost,
      idempotency_key: c.idempotency_key,
      reference: item,
      ...(c.challenge_origin ? { challenge_origin: c.challenge_origin } : {}),
    });
  } catch (err) {
    if (!(err instanceof GatewayTimeout)) throw err;
    // The call rolls back; the pending row outlives it so the charge can be asked after with the same key.
    ctx.afterCall(async (after) => {
      await q.claimKey(after.db, pending);
    });
    ctx.log.warn({ company_id: c.company_id, card_transaction_key: c.idempotency_key }, 'card gateway timed out');
    throw new AppError(504, GATEWAY_TIMEOUT);
  }
  if (outcome.status === 'challenge_required' && outcome.challenge && c.challenge_origin) {
    // Nothing is decided until the customer answers the issuer: the row stays pending under its key, and the
    // same key sent again after the challenge finishes it (approved with its pack, or declined).
    return {
      approved: false,
      status: outcome.status,
      response_text: outcome.response_text,
      credit_pack_id: null,
      challenge: outcome.challenge,
    };
  }
  const approved = outcome.status === 'approved';
  let packId: number | null = null;
  if (approved) {
    const pack = await billing.addCredit(ctx, {
      company_id: c.company_id,
      name: option.name,
      amount: option.amount,
      cost: option.cost,
      source: 'purchase',
      expiry_days: option.expiry_length_days || null,
      added_by_user: c.by,
    });
    packId = pack.id;
  }
  await q.finishCardTransaction(ctx.db, row.id, {
    success: approved,
    gateway_transaction_id: outcome.transaction_id,
    response_text: outcome.response_text,
    request: redact(outcome.request),
    response: redact(outcome.response),
    completed_at: ctx.clock.now(),
    credit_pack_id: packId,
  });
  if (approved) {
    await ctx.audit(c.company_id, `Paid ${formatCents(option.cost)} by ${card.card_type} ending ${card.last4} for ${option.name}`);
    await notifications.sendPaymentReceiptMail(ctx, {
      companyId: c.company_id,
      item: option.name,
      paidCents: option.cost,
      creditCents: option.amount,
      card: `${card.card_type} ending ${card.last4}`,
      reference: outcome.transaction_id ?? '',
    });
  }
  return { approved, status: outcome.status, response_text: outcome.response_text, credit_pack_id: packId };
}

async function answerOf(
  ctx: CallContext,
  companyId: number,
  success: boolean,
  responseText: string,
  packId: number | null,
  option: q.TopupOptionRow,
): Promise<ChargeAnswer> {
  return {
    success,
    message: success ? 'Payment successful' : `${PAYMENT_FAILED} ${responseText}`.trim(),
    response_text: responseText,
    credit_pack_id: packId,
    amount: success ? option.amount : 0,
    cost: success ? option.cost : 0,
    balance: await billing.balanceOf(ctx, { companyId }),
    challenge: null,
  };
}
