/**
 * Automatic top-up (spec-1 §3, §5, §7; spec-2 §2.10, §8, §9; docs/decisions/0028): the /auto_payment page, its
 * settings, and the job that buys the chosen option with the default card when the estimated days of credit
 * fall below the setting.
 */
import { isClosed } from '@portal/contract/shared/company-states';
import { AUTO_PAYMENT_MESSAGES, AUTO_REBILL_DAYS_DEFAULT, type AutoPaymentPage } from '@portal/contract/payments/auto-payment';
import { TOPUP_NOT_FOUND } from '@portal/contract/payments/charges';
import { MINIMUM_TOPUP_CENTS } from '@portal/contract/payments/topup-options';
import { formatCents } from '@portal/contract/shared/money';
import type { CallContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import * as billing from '../billing/service.ts';
import * as notifications from '../notifications/service.ts';
import * as tenancy from '../tenancy/service.ts';
import { type CardChargeResult, chargeCard } from './charges.ts';
import * as q from './queries/auto-topup.ts';
import * as charges from './queries/charges.ts';
import * as topups from './queries/topups.ts';
import { optionView } from './topup-options.ts';

/** How many companies one run looks at, and how often each is looked at. */
const BATCH = 20;
const RECHECK_MS = 60 * 60_000;

export interface ConfigureInput {
  topup_option_id: number;
  auto_rebill_days_remaining: number;
  auto_topup_enabled: boolean;
  monthly_cap_cents: number | null;
}

export async function page(ctx: CallContext): Promise<AutoPaymentPage> {
  const company = await tenancy.requireCompany(ctx, { companyId: ctx.actor.companyId, mode: 'read' });
  return pageOf(ctx, company.id);
}

/** Saves the settings (the page action auto_payment_configure); saving re-arms the top-up. */
export async function configure(ctx: CallContext, input: ConfigureInput): Promise<AutoPaymentPage> {
  const company = await tenancy.requireOpenCompany(ctx, { companyId: ctx.actor.companyId, mode: 'write' });
  const option = await charges.findTopupOption(ctx.db, input.topup_option_id);
  if (!option || !(option.is_user_visible || option.is_default))
    throw new AppError(400, TOPUP_NOT_FOUND, { topup_option_id: TOPUP_NOT_FOUND });
  if (input.auto_topup_enabled) {
    if (!(await q.defaultCard(ctx.db, company.id))) throw new AppError(400, AUTO_PAYMENT_MESSAGES.noCard);
    if (input.monthly_cap_cents !== null && input.monthly_cap_cents < option.cost) {
      throw new AppError(400, AUTO_PAYMENT_MESSAGES.capBelowTopup, { monthly_cap_cents: AUTO_PAYMENT_MESSAGES.capBelowTopup });
    }
  }
  await q.saveSettings(ctx.db, company.id, {
    auto_topup_option_id: option.id,
    auto_rebill_days_remaining: input.auto_rebill_days_remaining,
    auto_topup_enabled: input.auto_topup_enabled,
    monthly_cap_cents: input.monthly_cap_cents,
    updated_at: ctx.clock.now(),
  });
  const cap = input.monthly_cap_cents === null ? 'no monthly limit' : `a monthly limit of ${formatCents(input.monthly_cap_cents)}`;
  await ctx.audit(
    company.id,
    input.auto_topup_enabled
      ? `Turned on automatic top-up: ${option.name} below ${input.auto_rebill_days_remaining} days of credit, ${cap}`
      : 'Turned off automatic top-up',
  );
  return pageOf(ctx, company.id);
}

async function pageOf(ctx: CallContext, companyId: number): Promise<AutoPaymentPage> {
  const settings = await q.findSettings(ctx.db, companyId);
  const estimates = await billing.estimatesOf(ctx, { companyId });
  const options = await topups.listOptions(ctx.db, { visibleOnly: true });
  const chosen = settings?.auto_topup_option_id ? await charges.findTopupOption(ctx.db, settings.auto_topup_option_id) : null;
  return {
    auto_topup_enabled: settings?.auto_topup_enabled ?? false,
    auto_rebill_days_remaining: settings?.auto_rebill_days_remaining ?? AUTO_REBILL_DAYS_DEFAULT,
    auto_topup_plan_id: chosen?.id ?? null,
    auto_topup_plan_name: chosen?.name ?? null,
    monthly_cap_cents: settings?.monthly_cap_cents ?? null,
    auto_topup_estimated_days_remaining: estimates.days_remaining,
    estimated_monthly_cents: Math.max(0, estimates.estimated_monthly_cents),
    estimated_weekly_cents: Math.max(0, estimates.estimated_weekly_cents),
    has_card: (await q.defaultCard(ctx.db, companyId)) !== null,
    options: options.map(optionView),
    minimum_topup: MINIMUM_TOPUP_CENTS,
  };
}

/**
 * Scheduled: looks at a batch of companies with automatic top-up on. A company whose estimated days of credit
 * are at or above its setting is armed; an armed one below it gets one attempt that day (decision 0028).
 * Each company is locked before its settings are claimed, the order the settings calls and a payment's credit
 * (which may end an out-of-credit suspension) take them in. Returns how many companies it looked at.
 */
export async function autoTopupJob(ctx: CallContext): Promise<number> {
  const now = ctx.clock.now();
  const before = new Date(now.getTime() - RECHECK_MS);
  let looked = 0;
  for (const companyId of await q.dueCompanies(ctx.db, before, BATCH)) {
    const company = await tenancy.lockCompany(ctx, { companyId });
    const settings = await q.claimDue(ctx.db, companyId, now, before);
    if (!settings) continue;
    looked++;
    await checkCompany(ctx, company, settings);
  }
  return looked;
}

async function checkCompany(ctx: CallContext, company: tenancy.CompanyRow | null, settings: q.PaymentSettingsRow): Promise<void> {
  const companyId = settings.company_id;
  if (!company || isClosed(company) || company.has_contract_billing) return;
  if (await settlePending(ctx, settings)) return;
  const { days_remaining: days } = await billing.estimatesOf(ctx, { companyId });
  // Unknown (nothing charged lately) counts as plenty: there is nothing to run out of.
  if (days === null || days >= settings.auto_rebill_days_remaining) {
    await q.arm(ctx.db, companyId);
    return;
  }
  if (!settings.auto_topup_armed) return;
  const day = billing.billingDayOf(ctx);
  const option = settings.auto_topup_option_id ? await charges.findTopupOption(ctx.db, settings.auto_topup_option_id) : null;
  const card = await q.defaultCard(ctx.db, companyId);
  const item = option?.name ?? 'your chosen top-up';
  if (settings.monthly_cap_cents !== null && option) {
    const spent = await q.spentInMonth(ctx.db, `${keyPrefix(companyId)}${day.slice(0, 7)}-`);
    if (spent + option.cost > settings.monthly_cap_cents) {
      if (!(await q.claimDay(ctx.db, companyId, day))) return;
      if (await q.claimCapMail(ctx.db, companyId, day.slice(0, 7))) {
        await notifications.sendAutoTopupFailedMail(ctx, {
          companyId,
          item,
          reason: `It would take this month's automatic top-ups to ${formatCents(spent + option.cost)}, over your monthly limit of ${formatCents(settings.monthly_cap_cents)}.`,
          advice: 'Please pay once on the top-up page, or raise your monthly limit on the automatic payments page.',
        });
      }
      return;
    }
  }
  if (!(await q.claimDay(ctx.db, companyId, day))) return;
  if (!option || !card) {
    await notifications.sendAutoTopupFailedMail(ctx, {
      companyId,
      item,
      reason: option ? 'There is no saved card to charge.' : 'The top-up you chose is no longer offered.',
      advice: 'Please pay once on the top-up page, and check your automatic payment settings.',
    });
    return;
  }
  let result: CardChargeResult;
  try {
    result = await chargeCard(ctx, {
      company_id: companyId,
      card,
      option,
      idempotency_key: `${keyPrefix(companyId)}${day}`,
      by: 'Automatic top-up',
    });
  } catch (err) {
    // A timeout leaves the charge pending under the day's key: the day is taken, the answer is asked for again
    // with the same key (never a second charge), and the customer hears nothing until it is known.
    if (err instanceof AppError && err.code === 504) return;
    throw err;
  }
  if (!result.approved) await mailFailure(ctx, companyId, option.name, card, result);
}

/** The customer hears of a refused automatic top-up once, with what to do instead: pay once. */
async function mailFailure(ctx: CallContext, companyId: number, item: string, card: q.CardRow, result: CardChargeResult) {
  const cardName = `${card.card_type} ending ${card.last4}`;
  await notifications.sendAutoTopupFailedMail(ctx, {
    companyId,
    ...(result.status === 'challenge_required'
      ? {
          item,
          reason: `Your card ${cardName} asks for a 3-D Secure check, which needs you to be there.`,
          advice: 'Please pay once on the top-up page, where you can complete the check, or add a card that does not need it.',
        }
      : {
          item,
          reason: `Your card ${cardName} was declined: ${result.response_text}.`,
          advice: 'Please pay once on the top-up page, or add another card, so your services keep running.',
        }),
  });
}

/**
 * The last attempt's charge, when its answer never came (a timeout): asked again with its own key, so a charge
 * the card processor made gets its credit pack and receipt, and one it did not make is recorded as failed.
 * True while it is still unknown or once it was settled this run.
 */
async function settlePending(ctx: CallContext, settings: q.PaymentSettingsRow): Promise<boolean> {
  if (!settings.last_auto_topup_day || !settings.auto_topup_option_id) return false;
  const companyId = settings.company_id;
  const pending = await q.pendingCharge(ctx.db, `${keyPrefix(companyId)}${settings.last_auto_topup_day}`);
  if (!pending?.card_id) return false;
  const card = await q.cardById(ctx.db, companyId, pending.card_id);
  const option = await charges.findTopupOption(ctx.db, settings.auto_topup_option_id);
  if (!card || !option) return false;
  try {
    const result = await chargeCard(ctx, {
      company_id: companyId,
      card,
      option,
      idempotency_key: pending.idempotency_key,
      by: 'Automatic top-up',
    });
    if (!result.approved) await mailFailure(ctx, companyId, option.name, card, result);
  } catch (err) {
    // Still no answer (504), or the option's price changed since (409): left for a person to look at.
    if (err instanceof AppError && (err.code === 504 || err.code === 409)) return true;
    throw err;
  }
  return true;
}

/** Automatic top-up charge keys: the company and the billing day, so one day has one charge. */
const keyPrefix = (companyId: number) => `auto-topup:${companyId}:`;
