import { z } from 'zod';
import { zCreditPack } from '../billing/credit-packs.ts';
import { defineCall } from '../shared/define-call.ts';
import { zCentsNonNegative, zId, zTimestamp } from '../shared/fields.ts';
import { UNLIMITED_PAGE_SIZE, zPageOf } from '../shared/paging.ts';

/** /promo_campaigns pages by 20 (spec-2 §2.12). */
export const PROMO_CODE_PAGE_SIZE = 20;
/** The id the web sends for a code it has not saved yet (spec-2 §3). */
export const NEW_PROMO_CODE_ID = -1;

export const PROMO_MESSAGES = {
  key: 'Please enter a code',
  keyChars: 'A code may hold only letters, digits, dashes and underscores',
  keyTaken: 'Another promo code already uses this code',
  name: 'Please enter a name',
  amount: 'The amount must be at least 0',
  date: 'Please enter a valid date',
  window: 'The finish must be after the start',
  notFound: 'Promo code not found',
  // What a customer is told when a code does not credit them (signup and /topup).
  unknown: 'This promo code does not exist',
  applied: 'The promo code has been applied',
  notStarted: 'This promo code is not active yet',
  expired: 'This promo code has expired',
  used: 'Your company has already used this promo code',
} as const;

/** An all-zero date means unset (spec-2 §3), as do null and ''. */
const ZERO_DATE = /^0000-00-00([T ]00:00(:00(\.0+)?)?(Z|[+-]00:?00)?)?$/;

/** A promo start or finish as sent: an ISO date-time, or unset. */
export const zPromoDate = z
  .string()
  .trim()
  .max(40)
  .refine((s) => s === '' || ZERO_DATE.test(s) || !Number.isNaN(Date.parse(s)), { error: PROMO_MESSAGES.date })
  .nullable()
  .default(null);

/** The moment a promo date names, or null when it is unset. */
export function promoDateOf(value: string | null | undefined): Date | null {
  if (value == null) return null;
  const s = value.trim();
  if (s === '' || ZERO_DATE.test(s)) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
}

export const zPromoCode = z.object({
  id: zId,
  promo_key: z.string(),
  display_name: z.string(),
  /** null: unset (the code works from its creation / never ends). */
  start_at: zTimestamp.nullable(),
  finish_at: zTimestamp.nullable(),
  /** The credit it gives, in cents. */
  amount: zCentsNonNegative,
  /** Companies that have redeemed it. */
  redemptions: z.number().int().min(0),
  created_at: zTimestamp,
});
export type PromoCode = z.infer<typeof zPromoCode>;

const fields = {
  promo_key: z
    .string()
    .trim()
    .min(1, { error: PROMO_MESSAGES.key })
    .max(50)
    .regex(/^[A-Za-z0-9_-]+$/, { error: PROMO_MESSAGES.keyChars }),
  display_name: z.string().trim().min(1, { error: PROMO_MESSAGES.name }).max(200),
  start_at: zPromoDate,
  finish_at: zPromoDate,
  // spec-2 §5: at least 0. A code of $0 gives no credit; it is still redeemed once per company (a campaign's tracking code).
  amount: z.number({ error: PROMO_MESSAGES.amount }).int().min(0, { error: PROMO_MESSAGES.amount }).max(Number.MAX_SAFE_INTEGER),
};

export const adminCreatePromoCode = defineCall({
  path: '/api/v1/admin/promo-codes/create',
  summary: 'A new promo code (amount in cents); codes are unique whatever their case. The id, when sent, is -1.',
  input: z.object({ id: z.literal(NEW_PROMO_CODE_ID).optional(), ...fields }),
  output: zPromoCode,
  access: { roles: ['admin'] },
  example: { id: -1, promo_key: 'SPRING10', display_name: 'Welcome', start_at: null, finish_at: null, amount: 1000 },
});

export const adminEditPromoCode = defineCall({
  path: '/api/v1/admin/promo-codes/edit',
  summary: 'Change a promo code; credit already given stays as it was.',
  input: z.object({ id: zId, ...fields }),
  output: zPromoCode,
  access: { roles: ['admin'] },
  example: { id: 1, promo_key: 'AUTUMN10', display_name: 'Welcome', start_at: null, finish_at: null, amount: 1000 },
});

export const adminDeletePromoCode = defineCall({
  path: '/api/v1/admin/promo-codes/delete',
  summary: 'Remove a promo code: it no longer redeems, and its code may be used again; credit already given stays.',
  input: z.object({ promo_code_id: zId }),
  output: z.null(),
  access: { roles: ['admin'] },
});

export const adminListPromoCodes = defineCall({
  path: '/api/v1/admin/promo-codes/list',
  summary: 'Promo codes, newest first, 20 per page, each with how many companies redeemed it.',
  input: z.object({
    page: z.number().int().min(1).max(10_000_000).default(1),
    page_size: z.number().int().min(1).max(UNLIMITED_PAGE_SIZE).default(PROMO_CODE_PAGE_SIZE),
  }),
  output: zPageOf(zPromoCode),
  access: { roles: ['admin'] },
});

export const redeemPromoCode = defineCall({
  path: '/api/v1/user/promo-codes/redeem',
  summary:
    "Redeem a promo code for the caller's company: once per company, inside the code's window; adds a promo credit pack (none for a code of $0).",
  input: z.object({ promo_code: z.string().trim().min(1, { error: PROMO_MESSAGES.key }).max(100) }),
  /** credit_pack: null for a code of $0, which adds none. */
  output: z.object({ message: z.string(), credit_pack: zCreditPack.nullable() }),
  access: { roles: ['customer'] },
  example: { promo_code: 'WELCOME10' },
});
