import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCents, zCentsNonNegative } from '../shared/fields.ts';
import { zDay } from './fields.ts';

/** The dashboard's figures; the balance chart covers this many days. */
export const BALANCE_HISTORY_DAYS = 90;
/** Spec-2 §9: the auto top-up estimate reads 'at least' from this many days. */
export const AT_LEAST_DAYS = 1000;

export const creditSummary = defineCall({
  path: '/api/v1/billing/credit_summary',
  tokenPermission: 'BILLING_READ',
  summary:
    "The customer dashboard's credit figures: balance (null for contract billing), days remaining (null when unknown), estimates, latest usage, device count.",
  input: z.object({}),
  output: z.object({
    /** null for a contract-billing company, which does not see its balance (spec-2 §6). */
    balance: zCents.nullable(),
    /** Days the balance lasts at recent charges; null when unknown (no recent charges, or contract billing). */
    days_remaining: z.number().int().min(0).nullable(),
    estimated_monthly_cents: zCentsNonNegative,
    estimated_weekly_cents: zCentsNonNegative,
    /** The newest charge day and what it cost; null before the first charge. */
    latest_usage: z.object({ date: zDay, amount_cents: zCentsNonNegative }).nullable(),
    /** Devices on the latest daily stats. */
    device_count: z.number().int().min(0),
    booster_count: z.number().int().min(0),
    has_contract_billing: z.boolean(),
  }),
  access: { roles: ['customer'] },
});

export const balanceHistory = defineCall({
  path: '/api/v1/billing/balance_history',
  tokenPermission: 'BILLING_READ',
  summary: 'The balance at the end of each of the last 90 days (Pacific/Auckland), with what was charged and credited that day.',
  input: z.object({}),
  output: z.object({
    days: z.array(z.object({ date: zDay, balance: zCents, charged: zCentsNonNegative, credited: zCentsNonNegative })),
  }),
  access: { roles: ['customer'] },
});
