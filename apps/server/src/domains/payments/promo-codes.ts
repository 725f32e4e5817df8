import { PROMO_MESSAGES, type PromoCode, promoDateOf } from '@portal/contract/payments/promo-codes';
import { formatCents } from '@portal/contract/shared/money';
import type { CallContext } from '../../platform/context.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import * as billing from '../billing/service.ts';
import * as tenancy from '../tenancy/service.ts';
import * as q from './queries/promos.ts';

export function promoView(p: q.PromoCodeWithCount): PromoCode {
  return {
    id: p.id,
    promo_key: p.promo_key,
    display_name: p.display_name,
    start_at: p.start_at?.toISOString() ?? null,
    finish_at: p.finish_at?.toISOString() ?? null,
    amount: p.amount,
    redemptions: p.redemptions,
    created_at: p.created_at.toISOString(),
  };
}

interface PromoInput {
  promo_key: string;
  display_name: string;
  start_at: string | null;
  finish_at: string | null;
  amount: number;
}

async function fieldsOf(ctx: CallContext, input: PromoInput, exceptId: number | null): Promise<q.PromoCodeFields> {
  const start = promoDateOf(input.start_at);
  const finish = promoDateOf(input.finish_at);
  if (start && finish && finish <= start) throw badInput({ finish_at: PROMO_MESSAGES.window });
  await q.lockKey(ctx.db, input.promo_key);
  if (await q.findByKey(ctx.db, input.promo_key, exceptId)) throw badInput({ promo_key: PROMO_MESSAGES.keyTaken });
  return { promo_key: input.promo_key, display_name: input.display_name, start_at: start, finish_at: finish, amount: input.amount };
}

async function viewOf(ctx: CallContext, id: number): Promise<PromoCode> {
  const row = await q.findWithCount(ctx.db, id);
  if (!row) throw notFound(PROMO_MESSAGES.notFound);
  return promoView(row);
}

export async function create(ctx: CallContext, input: PromoInput): Promise<PromoCode> {
  const row = await q.insertCode(ctx.db, await fieldsOf(ctx, input, null), ctx.clock.now());
  ctx.log.info({ promo_code_id: row.id }, `promo code ${row.promo_key} created: ${formatCents(row.amount)}`);
  return viewOf(ctx, row.id);
}

export async function edit(ctx: CallContext, input: PromoInput & { id: number }): Promise<PromoCode> {
  const found = await q.lockCode(ctx.db, input.id);
  if (!found) throw notFound(PROMO_MESSAGES.notFound);
  await q.updateCode(ctx.db, found.id, await fieldsOf(ctx, input, found.id));
  return viewOf(ctx, found.id);
}

export async function remove(ctx: CallContext, input: { promo_code_id: number }): Promise<null> {
  const found = await q.lockCode(ctx.db, input.promo_code_id);
  if (!found) throw notFound(PROMO_MESSAGES.notFound);
  await q.updateCode(ctx.db, found.id, { deleted_at: ctx.clock.now() });
  return null;
}

export async function list(ctx: CallContext, input: { page: number; page_size: number }) {
  const page = await q.pageCodes(ctx.db, input.page_size, (input.page - 1) * input.page_size);
  return { rows: page.rows.map(promoView), total: page.total };
}

/** Why a code does not credit the company now, or null when it does. */
function refusalOf(code: q.PromoCodeRow | null, now: Date): string | null {
  if (!code) return PROMO_MESSAGES.unknown;
  if (code.start_at && now < code.start_at) return PROMO_MESSAGES.notStarted;
  if (code.finish_at && now >= code.finish_at) return PROMO_MESSAGES.expired;
  return null;
}

/**
 * Redeems a promo code for a company inside the caller's transaction: a promo credit pack and its ledger
 * row, through billing; a code of $0 is redeemed with neither (credit packs and ledger credits are never
 * empty). Once per company: the redemption's unique key decides between concurrent tries, so a refusal
 * (AppError 400 with the contract's message) leaves the caller to roll back.
 */
export async function redeemPromoCode(ctx: CallContext, companyId: number, key: string): Promise<billing.PackRow | null> {
  const now = ctx.clock.now();
  const code = await q.findByKey(ctx.db, key.trim());
  const refusal = refusalOf(code, now);
  if (refusal || !code) throw new AppError(400, refusal ?? PROMO_MESSAGES.unknown, { promo_code: refusal ?? PROMO_MESSAGES.unknown });
  const redemption = await q.claimRedemption(ctx.db, code.id, companyId, now);
  if (redemption === null) throw new AppError(400, PROMO_MESSAGES.used, { promo_code: PROMO_MESSAGES.used });
  if (code.amount === 0) {
    await ctx.audit(companyId, `Promo code ${code.promo_key} redeemed: no credit`);
    return null;
  }
  const pack = await billing.addCredit(ctx, {
    company_id: companyId,
    name: `Promo code: ${code.display_name}`,
    amount: code.amount,
    cost: 0,
    source: 'promo',
    expiry_days: null,
    added_by_user: ctx.actor?.label ?? 'system',
  });
  await q.setRedemptionPack(ctx.db, redemption, pack.id);
  await ctx.audit(companyId, `Promo code ${code.promo_key} redeemed: ${formatCents(code.amount)} of credit`);
  return pack;
}

/** The customer's redeem call on /topup. */
export async function redeemForCaller(ctx: CallContext, input: { promo_code: string }) {
  const company = await tenancy.requireOpenCompany(ctx, { companyId: ctx.actor.companyId, mode: 'write' });
  const pack = await redeemPromoCode(ctx, company.id, input.promo_code);
  if (!pack) return { message: PROMO_MESSAGES.applied, credit_pack: null };
  return {
    message: `${formatCents(pack.amount)} of credit has been added to your account`,
    credit_pack: billing.creditPackView(ctx, { pack }),
  };
}
