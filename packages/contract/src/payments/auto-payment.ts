import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCentsNonNegative } from '../shared/fields.ts';
import { ID_MAX } from '../shared/owned-id.ts';
import { SELECT_TOPUP } from './charges.ts';
import { zTopupOption } from './topup-options.ts';

/** Auto top-up days remaining: 1 to 14, default 5 (spec-1 §5, §9; spec-2 §9). */
export const AUTO_REBILL_DAYS_MIN = 1;
export const AUTO_REBILL_DAYS_MAX = 14;
export const AUTO_REBILL_DAYS_DEFAULT = 5;

export const AUTO_PAYMENT_MESSAGES = {
  days: 'Please choose between 1 and 14 days',
  cap: 'The monthly limit must be at least 0',
  noCard: 'Please add a card before turning on automatic payments',
  capBelowTopup: 'The monthly limit is less than one top-up, so no automatic top-up could be made',
} as const;

const zDays = z
  .number({ error: AUTO_PAYMENT_MESSAGES.days })
  .int({ error: AUTO_PAYMENT_MESSAGES.days })
  .min(AUTO_REBILL_DAYS_MIN, { error: AUTO_PAYMENT_MESSAGES.days })
  .max(AUTO_REBILL_DAYS_MAX, { error: AUTO_PAYMENT_MESSAGES.days });

/** The /auto_payment page's data (spec-1 §3 page data, beside the settings beyond the anchors). */
export const zAutoPaymentPage = z.object({
  auto_topup_enabled: z.boolean(),
  auto_rebill_days_remaining: zDays,
  /** The chosen option; null before one is chosen. */
  auto_topup_plan_id: z.number().int().nullable(),
  auto_topup_plan_name: z.string().nullable(),
  /** The most automatic top-ups may charge in a calendar month, in cents; null: no limit. */
  monthly_cap_cents: zCentsNonNegative.nullable(),
  /** Whole days the credit lasts at the recent rate; null when unknown. */
  auto_topup_estimated_days_remaining: z.number().int().nullable(),
  estimated_monthly_cents: zCentsNonNegative,
  estimated_weekly_cents: zCentsNonNegative,
  /** A default card is saved: automatic top-up charges it. */
  has_card: z.boolean(),
  options: z.array(zTopupOption),
  minimum_topup: zCentsNonNegative,
});
export type AutoPaymentPage = z.infer<typeof zAutoPaymentPage>;

export const autoPaymentPage = defineCall({
  path: '/api/v1/user/auto_payment/page',
  summary: "The /auto_payment page's data: the settings, the monthly and weekly cost estimates and the options on offer.",
  input: z.object({}),
  output: zAutoPaymentPage,
  access: { roles: ['customer', 'distributor'] },
});

/**
 * `POST /` with `doAction=auto_payment_configure` (spec-1 §7) reaches this call; the web sends it here. Saving
 * turns automatic top-up on (unless `auto_topup_enabled` is false) and re-arms it (docs/decisions/0028).
 */
export const autoPaymentConfigure = defineCall({
  path: '/api/v1/user/auto_payment/configure',
  summary:
    'Saves the automatic top-up settings: the option to buy, the days of credit that trigger it, on or off, and an optional monthly spend limit.',
  input: z.object({
    topup_option_id: z.number({ error: SELECT_TOPUP }).int().min(1, { error: SELECT_TOPUP }).max(ID_MAX, { error: SELECT_TOPUP }),
    auto_rebill_days_remaining: zDays.default(AUTO_REBILL_DAYS_DEFAULT),
    auto_topup_enabled: z.boolean().default(true),
    /** Dollars on screen, cents here; absent or null: no limit. */
    monthly_cap_cents: z
      .number({ error: AUTO_PAYMENT_MESSAGES.cap })
      .int({ error: AUTO_PAYMENT_MESSAGES.cap })
      .min(0, { error: AUTO_PAYMENT_MESSAGES.cap })
      .max(Number.MAX_SAFE_INTEGER, { error: AUTO_PAYMENT_MESSAGES.cap })
      .nullable()
      .default(null),
  }),
  output: zAutoPaymentPage,
  access: { roles: ['customer', 'distributor'] },
  example: { topup_option_id: 1, auto_rebill_days_remaining: 5, auto_topup_enabled: false },
});

/** The spec's page actions (`POST /` with `doAction=…`) and the call each one is. */
export const PAGE_ACTIONS = {
  auto_payment_configure: autoPaymentConfigure,
} as const;
