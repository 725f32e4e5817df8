import {
  BILLING_DETAILS_NEEDED,
  CARD_HOLD_CENTS,
  CARD_NOT_FOUND,
  CARD_SESSION_NOT_FOUND,
  type PaymentCard,
} from '@portal/contract/payments/cards';
import type { CallContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import * as notifications from '../notifications/service.ts';
import * as tenancy from '../tenancy/service.ts';
import { type GatewayOutcome, GatewayTimeout } from './gateway/gateway.ts';
import { gatewayOf, redact } from './gateway/install.ts';
import * as q from './queries/cards.ts';
import * as tx from './queries/charges.ts';

const pad = (n: number) => String(n).padStart(2, '0');

export function cardOut(r: Awaited<ReturnType<typeof q.pageCards>>['rows'][number]): PaymentCard {
  const { card } = r;
  return {
    id: card.id,
    card_name: card.card_name,
    card_type: card.card_type,
    card_number: `•••• •••• •••• ${card.last4}`,
    card_expiry: `${pad(card.expiry_month)}/${card.expiry_year}`,
    is_default: card.is_default,
    last_transaction: r.last_transaction?.toISOString() ?? null,
    transaction_success_count: r.successes,
    transaction_failure_count: r.failures,
    charged_amount: r.charged,
  };
}

export async function listCards(ctx: CallContext, input: { page: number; page_size: number }) {
  const companyId = (await tenancy.requireCompany(ctx, { companyId: ctx.actor.companyId, mode: 'read' })).id;
  const { rows, total } = await q.pageCards(ctx.db, companyId, input.page_size, (input.page - 1) * input.page_size);
  return { rows: rows.map(cardOut), total, page: input.page, page_size: input.page_size };
}

/** The billing details a card needs (spec-2 §5): the processor checks the address against the card's. */
const MISSING: [keyof tenancy.CompanyRow, string, string][] = [
  ['phone_number', 'company_phone_number', 'Please enter your phone number'],
  ['street_address', 'company_address_street', 'Please enter your street address'],
  ['city', 'company_address_city', 'Please enter your city'],
  ['postal_code', 'company_address_postcode', 'Please enter your zip or postal code'],
];

export async function authorize(ctx: CallContext) {
  const company = await tenancy.requireOpenCompany(ctx, { companyId: ctx.actor.companyId, mode: 'write' });
  const fields: Record<string, string> = {};
  for (const [column, field, message] of MISSING) if (!String(company[column] ?? '').trim()) fields[field] = message;
  if (Object.keys(fields).length) throw new AppError(400, BILLING_DETAILS_NEEDED, fields);
  const session = await gatewayOf(ctx).createSession({
    reference: `company-${company.id}`,
    parent_origin: new URL(ctx.config.PUBLIC_URL).origin,
  });
  await q.insertAuthorization(ctx.db, {
    gateway_session_id: session.session_id,
    company_id: company.id,
    user_id: ctx.actor.userId,
    created_at: ctx.clock.now(),
  });
  return { url: session.url, session: session.session_id };
}

type CompleteResult = { result: 'success' | 'fail' | 'error'; response_text: string; card: PaymentCard | null };

/** Sends one request to the gateway; a timeout counts as the gateway failing (no money moved on a hold). */
async function ask(send: () => Promise<GatewayOutcome>, key: string): Promise<GatewayOutcome> {
  try {
    return await send();
  } catch (err) {
    if (!(err instanceof GatewayTimeout)) throw err;
    return {
      status: 'error',
      transaction_id: null,
      response_text: 'The gateway did not answer in time',
      request: { idempotency_key: key },
      response: {},
    };
  }
}

export async function complete(ctx: CallContext, input: { session: string }): Promise<CompleteResult> {
  const company = await tenancy.requireOpenCompany(ctx, { companyId: ctx.actor.companyId, mode: 'write' });
  const auth = await q.lockAuthorization(ctx.db, company.id, input.session);
  // Not a page this company started (or made up): the dialog shows it as a failed attempt.
  if (!auth) return { result: 'fail', response_text: CARD_SESSION_NOT_FOUND, card: null };
  if (auth.completed_at) {
    // Completed before (the page reported twice, or the answer was lost): the same answer again.
    if (auth.card_id) {
      const card = (await q.pageCards(ctx.db, company.id, 1000, 0)).rows.find((r) => r.card.id === auth.card_id);
      if (card) return { result: 'success', response_text: 'Approved', card: cardOut(card) };
    }
    return { result: 'fail', response_text: auth.response_text ?? '', card: null };
  }
  const gateway = gatewayOf(ctx);
  const now = ctx.clock.now();
  const session = await gateway.sessionResult(input.session);
  if (session.state === 'pending') throw new AppError(409, 'The card page has not finished yet');
  if (session.state === 'expired') return { result: 'fail', response_text: CARD_SESSION_NOT_FOUND, card: null };
  if (session.state === 'failed') {
    await q.finishAuthorization(ctx.db, input.session, { card_id: null, response_text: session.response_text, completed_at: now });
    return { result: 'fail', response_text: session.response_text, card: null };
  }
  const { card: summary } = session;
  const holdKey = `hold:${input.session}`;
  const hold = await ask(
    () =>
      gateway.authorize({ token: summary.token, amount: CARD_HOLD_CENTS, idempotency_key: holdKey, reference: `company-${company.id}` }),
    holdKey,
  );
  const approved = hold.status === 'approved';
  let card: q.CardRow | null = null;
  if (approved) {
    const first = (await q.countCards(ctx.db, company.id)) === 0;
    card = await q.insertCard(ctx.db, {
      company_id: company.id,
      gateway_token: summary.token,
      card_name: summary.card_name,
      card_type: summary.brand,
      last4: summary.last4,
      expiry_month: summary.expiry_month,
      expiry_year: summary.expiry_year,
      is_default: first,
      added_by_user_id: ctx.actor.userId,
      created_at: now,
    });
    if (first) await tenancy.setHasSavedCard(ctx, { companyId: company.id, has: true });
  }
  await tx.insertCardTransaction(ctx.db, {
    company_id: company.id,
    card_id: card?.id ?? null,
    kind: 'hold',
    item: `Card check ${summary.brand} ending ${summary.last4}`,
    charged_amount: CARD_HOLD_CENTS,
    idempotency_key: holdKey,
    gateway_transaction_id: hold.transaction_id,
    success: approved,
    response_text: hold.response_text,
    request: redact(hold.request),
    response: redact(hold.response),
    created_at: now,
    completed_at: now,
  });
  if (!card || !hold.transaction_id) {
    await q.finishAuthorization(ctx.db, input.session, { card_id: null, response_text: hold.response_text, completed_at: now });
    return { result: hold.status === 'error' ? 'error' : 'fail', response_text: hold.response_text, card: null };
  }
  const releaseKey = `release:${input.session}`;
  const holdId = hold.transaction_id;
  const release = await ask(() => gateway.release({ authorization_id: holdId, idempotency_key: releaseKey }), releaseKey);
  await tx.insertCardTransaction(ctx.db, {
    company_id: company.id,
    card_id: card.id,
    kind: 'release',
    item: `Card check released ${summary.brand} ending ${summary.last4}`,
    charged_amount: CARD_HOLD_CENTS,
    idempotency_key: releaseKey,
    gateway_transaction_id: release.transaction_id,
    success: release.status === 'approved',
    response_text: release.response_text,
    request: redact(release.request),
    response: redact(release.response),
    created_at: now,
    completed_at: now,
  });
  await q.finishAuthorization(ctx.db, input.session, { card_id: card.id, response_text: hold.response_text, completed_at: now });
  await ctx.audit(company.id, `Added card ${summary.brand} ending ${summary.last4}`);
  await notifications.sendCardChangedMail(ctx, {
    companyId: company.id,
    change: 'added',
    card: `${summary.brand} ending ${summary.last4}`,
    by: ctx.actor.label,
  });
  const listed = (await q.pageCards(ctx.db, company.id, 1000, 0)).rows.find((r) => r.card.id === card.id);
  return { result: 'success', response_text: hold.response_text, card: listed ? cardOut(listed) : null };
}

/**
 * A saved card the caller may change: its company's users, the company's distributor and an admin signed
 * in as a user. Another company's card answers not found, as a card that does not exist does.
 */
export async function requireCard(ctx: CallContext, cardId: number) {
  const found = await q.findCardById(ctx.db, cardId);
  if (!found) throw notFound(CARD_NOT_FOUND);
  let company: tenancy.CompanyRow;
  try {
    company = await tenancy.requireOpenCompany(ctx, { companyId: found.company_id, mode: 'write' });
  } catch (err) {
    if (err instanceof AppError && err.code === 404) throw notFound(CARD_NOT_FOUND);
    throw err;
  }
  // Read again under the company's lock: a delete that ran first has taken it.
  const card = await q.findCard(ctx.db, company.id, cardId);
  if (!card) throw notFound(CARD_NOT_FOUND);
  return { company, card };
}

export async function setDefault(ctx: CallContext, input: { card_id: number }): Promise<null> {
  const { company, card } = await requireCard(ctx, input.card_id);
  if (!card.is_default) {
    await q.setDefault(ctx.db, company.id, card.id);
    await ctx.audit(company.id, `Made card ${card.card_type} ending ${card.last4} the default`);
  }
  return null;
}

export async function deleteCard(ctx: CallContext, input: { card_id: number }): Promise<null> {
  const { company, card } = await requireCard(ctx, input.card_id);
  if (!(await q.softDelete(ctx.db, company.id, card.id, ctx.clock.now()))) throw notFound(CARD_NOT_FOUND);
  if (card.is_default) {
    const next = await q.newestCard(ctx.db, company.id);
    if (next) await q.setDefault(ctx.db, company.id, next.id);
  }
  if ((await q.countCards(ctx.db, company.id)) === 0) await tenancy.setHasSavedCard(ctx, { companyId: company.id, has: false });
  await ctx.audit(company.id, `Removed card ${card.card_type} ending ${card.last4}`);
  await notifications.sendCardChangedMail(ctx, {
    companyId: company.id,
    change: 'removed',
    card: `${card.card_type} ending ${card.last4}`,
    by: ctx.actor.label,
  });
  return null;
}
