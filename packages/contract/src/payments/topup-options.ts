import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCentsNonNegative, zCompanyId, zId } from '../shared/fields.ts';

/**
 * The smallest top-up a customer is offered, in cents (docs/decisions/0023): options below it are hidden
 * from customers unless it is the default one. list_topups returns it with the options.
 */
export const MINIMUM_TOPUP_CENTS = 2000;

/** The id the edit call takes to create a new option (or no id at all). */
export const NEW_TOPUP_OPTION_ID = -1;

export const TOPUP_OPTION_MESSAGES = {
  name: 'Please enter a name',
  cost: 'The cost must be at least 0',
  amount: 'The amount must be at least 0',
  expiry: 'Expiry days must be at least 0',
  notFound: 'Top-up option not found',
  inUse: 'Automatic top-up uses this option; hide it from customers instead, or ask them to choose another first',
} as const;

export const zTopupOption = z.object({
  id: zId,
  name: z.string(),
  /** What the customer pays, in cents. */
  cost: zCentsNonNegative,
  /** The credit the customer receives, in cents. */
  amount: zCentsNonNegative,
  /** 0: the credit pack never expires. */
  expiry_length_days: z.number().int().min(0),
  is_user_visible: z.boolean(),
  is_default: z.boolean(),
});
export type TopupOption = z.infer<typeof zTopupOption>;

const zMoney = (message: string) => z.number({ error: message }).int().min(0, { error: message }).max(Number.MAX_SAFE_INTEGER);

export const adminListTopupOptions = defineCall({
  path: '/api/v1/admin/topup-options/list',
  summary: 'Every top-up option (hidden ones too), cheapest first.',
  input: z.object({}),
  output: z.object({ options: z.array(zTopupOption) }),
  access: { roles: ['admin'] },
});

export const adminEditTopupOption = defineCall({
  path: '/api/v1/admin/topup-options/edit',
  summary:
    'Create (id -1 or no id) or change a top-up option; cost and amount in cents. Making it the default makes the previous default an ordinary option.',
  input: z.object({
    id: z.union([z.literal(NEW_TOPUP_OPTION_ID), zId]).default(NEW_TOPUP_OPTION_ID),
    name: z.string().trim().min(1, { error: TOPUP_OPTION_MESSAGES.name }).max(200),
    cost: zMoney(TOPUP_OPTION_MESSAGES.cost),
    amount: zMoney(TOPUP_OPTION_MESSAGES.amount),
    expiry_length_days: z
      .number({ error: TOPUP_OPTION_MESSAGES.expiry })
      .int()
      .min(0, { error: TOPUP_OPTION_MESSAGES.expiry })
      .max(36_500)
      .default(0),
    is_user_visible: z.boolean().default(true),
    is_default: z.boolean().default(false),
  }),
  output: zTopupOption,
  access: { roles: ['admin'] },
  example: { id: -1, name: '$100 top-up', cost: 10_000, amount: 10_000 },
});

export const adminDeleteTopupOption = defineCall({
  path: '/api/v1/admin/topup-options/delete',
  summary: 'Remove a top-up option from sale; past purchases keep its name. Refused while automatic top-up uses it.',
  input: z.object({ topup_option_id: zId }),
  output: z.null(),
  access: { roles: ['admin'] },
});

export const listTopups = defineCall({
  path: '/api/v1/payment/list_topups',
  summary:
    'The top-up options a customer may buy, with the minimum top-up; the page shows those of at least the minimum plus the default one.',
  input: z.object({ target_company_id: zCompanyId.optional() }),
  output: z.object({ options: z.array(zTopupOption), minimum_topup: zCentsNonNegative }),
  access: { roles: ['customer', 'admin'] },
});

/**
 * What the customer is offered (spec-2 §5): options of at least the minimum, plus the default one, by
 * amount; each with the free credit it gives (amount − cost) when positive.
 */
export function optionsShownToUser(options: readonly TopupOption[], minimum: number): (TopupOption & { extra_credit: number })[] {
  return options
    .filter((o) => o.amount >= minimum || o.is_default)
    .sort((a, b) => a.amount - b.amount || a.id - b.id)
    .map((o) => ({ ...o, extra_credit: Math.max(0, o.amount - o.cost) }));
}
