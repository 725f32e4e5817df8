import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCents, zCompanyId, zTimestamp } from '../shared/fields.ts';

/** Why a company is SUSPENDED (docs/decisions/0087): each has its own way back. */
export const SUSPENSION_REASONS = ['out_of_credit', 'trial_ended', 'staff'] as const;
export const zSuspensionReason = z.enum(SUSPENSION_REASONS);
export type SuspensionReason = z.infer<typeof zSuspensionReason>;

export const SUSPENSION_NOTE_MAX = 500;

export const SUSPENSION_MESSAGES = {
  note: 'Please say why the company is suspended',
  notSuspendable: 'Only an active, trial or suspended company can be suspended',
  notSuspendedByStaff: 'Only a suspension made by staff can be lifted here',
} as const;

/** A suspension as the company's users and staff see it. */
export const zSuspension = z.object({
  reason: zSuspensionReason,
  /** The company's balance now, in cents. */
  balance: zCents,
  /** What staff wrote when they suspended it; null for the other reasons. */
  note: z.string().nullable(),
  suspended_at: zTimestamp,
});
export type Suspension = z.infer<typeof zSuspension>;

export const getSuspension = defineCall({
  path: '/api/v1/web/suspension',
  summary:
    "Why the signed-in user's company is suspended (out of credit, its trial ended without a plan, or staff suspended it with a note) and its balance; null when it is not suspended.",
  input: z.object({}),
  output: zSuspension.nullable(),
  access: { roles: ['any'] },
});

export const adminSuspendCompany = defineCall({
  path: '/api/v1/admin/company/suspend',
  summary:
    "Suspend a company, with a note its users are shown. A payment does not lift it (only an admin does); it takes over a suspension for credit or for the trial's end.",
  input: z.object({
    target_id: zCompanyId,
    target_note: z.string({ error: SUSPENSION_MESSAGES.note }).trim().min(1, { error: SUSPENSION_MESSAGES.note }).max(SUSPENSION_NOTE_MAX),
  }),
  output: z.null(),
  access: { roles: ['admin'] },
  example: { target_id: 1, target_note: 'Card payments disputed; call accounts on +64 9 555 0100' },
});

export const adminLiftSuspension = defineCall({
  path: '/api/v1/admin/company/lift_suspension',
  summary:
    'End a suspension made by staff: the company returns to ACTIVE (TRIAL while still on the Trial plan); the sweeps then suspend it again if its credit has run out or its trial has ended.',
  input: z.object({ target_id: zCompanyId }),
  output: z.null(),
  access: { roles: ['admin'] },
});
