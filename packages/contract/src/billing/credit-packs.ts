import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCents, zCentsNonNegative, zCompanyId, zId, zTimestamp } from '../shared/fields.ts';
import { zOwnedId } from '../shared/owned-id.ts';
import { UNLIMITED_PAGE_SIZE, zPageOf } from '../shared/paging.ts';

/** Page sizes of the spec (spec-2 §9): the dashboard's Available Credit box, and the admin's Manage Credit tab. */
export const CREDIT_PACK_PAGE_SIZE = 5;
export const ADMIN_CREDIT_PACK_PAGE_SIZE = 15;

/** The web prefixes the server's message with this when an expiry fails (spec-2 §8). */
export const EXPIRE_FAILED_PREFIX = 'Failed to expire credit pack! ';
export const PACK_ALREADY_EXPIRED = 'This credit pack has already expired';

export const CREDIT_SOURCES = ['purchase', 'admin', 'promo', 'refund', 'invoice'] as const;
export const zCreditSource = z.enum(CREDIT_SOURCES);

/** A credit pack (lot) as the customer sees it. Amounts in cents. */
export const zCreditPack = z.object({
  id: zId,
  name: z.string(),
  amount: zCentsNonNegative,
  amount_used: zCentsNonNegative,
  /** What is left to spend: 0 once used reaches the amount or the pack has expired. */
  remaining: zCentsNonNegative,
  added_by_user: z.string(),
  purchase_date: zTimestamp,
  /** null: never expires. */
  expiry_date: zTimestamp.nullable(),
  /** Past its expiry date, or fully used (spec-2 §3). */
  is_expired: z.boolean(),
  /** The display state of spec-2 §4: expired (no bar), empty (fully used), otherwise a remaining-percentage bar. */
  display: z.enum(['expired', 'empty', 'remaining']),
});
export type CreditPack = z.infer<typeof zCreditPack>;

/** Beside what the customer sees, the admin sees where the credit came from and how it was paid. */
export const zAdminCreditPack = zCreditPack.extend({
  company_id: zCompanyId,
  cost: zCentsNonNegative,
  source: zCreditSource,
  is_oob_payment: z.boolean(),
  creates_billing_entry: z.boolean(),
});
export type AdminCreditPack = z.infer<typeof zAdminCreditPack>;

const zPage = (size: number) => ({
  page: z.number().int().min(1).max(10_000_000).default(1),
  page_size: z.number().int().min(1).max(UNLIMITED_PAGE_SIZE).default(size),
});

export const listCreditPacks = defineCall({
  path: '/api/v1/payment/list_credit_packs',
  summary: "The caller's company's credit packs, 5 per page, unexpired first then newest, with the balance.",
  input: z.object(zPage(CREDIT_PACK_PAGE_SIZE)),
  output: zPageOf(zCreditPack).extend({ balance: zCents }),
  access: { roles: ['customer'] },
});

export const adminCreateCreditPack = defineCall({
  path: '/api/v1/admin/credit-packs/create',
  summary:
    'Add a credit pack to a company (cost and amount in cents); a company suspended for credit that it brings above zero is ACTIVE again at once.',
  input: z.object({
    target_id: zCompanyId,
    target_name: z.string().trim().min(1, { error: 'Please enter a name' }).max(200),
    /** What the company paid, in cents. */
    target_cost: zCentsNonNegative,
    /** The credit, in cents. */
    target_amount: z.number().int().min(1, { error: 'Please enter an amount' }).max(Number.MAX_SAFE_INTEGER),
    /** Days until the pack expires; null or 0: never expires. */
    target_expiry_days: z.number().int().min(0).max(36_500).nullable().default(null),
    target_create_billing_entry: z.boolean().default(true),
    target_is_oob_payment: z.boolean().default(false),
  }),
  output: zAdminCreditPack,
  access: { roles: ['admin'] },
  example: { target_id: 1, target_name: 'Admin credit', target_cost: 0, target_amount: 1000 },
});

export const adminListCreditPacks = defineCall({
  path: '/api/v1/admin/credit-packs/list',
  summary: 'Credit packs of the given companies, 15 per page, newest first; with one company, its balance.',
  input: z.object({
    ...zPage(ADMIN_CREDIT_PACK_PAGE_SIZE),
    /** Companies picked by an admin, who sees every company: references, not rows aimed at a tenant. */
    target_company_ids: z.array(zId).min(1).max(100),
  }),
  output: zPageOf(zAdminCreditPack).extend({ balance: zCents.nullable() }),
  access: { roles: ['admin'] },
});

export const adminExpireCreditPack = defineCall({
  path: '/api/v1/admin/credit-packs/expire',
  summary: 'Expire a credit pack now: its unused credit leaves the balance through a ledger row. Refused for an expired pack.',
  input: z.object({ target_credit_pack_id: zOwnedId('credit_pack') }),
  output: zAdminCreditPack,
  access: { roles: ['admin'] },
});
