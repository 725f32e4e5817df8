import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyId, zDistributorRef, zUnixSeconds } from '../shared/fields.ts';

export const convertToPaid = defineCall({
  path: '/api/v1/distributor/convert_to_paid',
  summary: 'TRIAL -> ACTIVE, irreversibly; the selected plan (or the trial plan) becomes the plan.',
  input: z.object({ target_id: zCompanyId }),
  output: z.null(),
  access: { roles: ['admin', 'distributor'] },
});

export const deleteCompany = defineCall({
  path: '/api/v1/company/delete',
  summary:
    "Move a company to PENDING_DELETE for 21 days, or (admins, target_force) delete it for good now. The spec's payload is target_company_id and target_force; target_confirm_company_name is optional, and when sent it must be the company's name (the company dialog sends what was typed to confirm).",
  input: z.object({
    target_company_id: zCompanyId,
    target_force: z.boolean().default(false),
    /** The company name as typed in the screen's confirmation; optional, checked when sent (docs/decisions/0080). */
    target_confirm_company_name: z.string().max(500).optional(),
  }),
  output: z.object({ will_delete_at: zUnixSeconds.nullable() }),
  access: { roles: ['admin', 'distributor', 'customer'] },
  example: { target_company_id: 1, target_force: false },
});

export const reactivateCompany = defineCall({
  path: '/api/v1/company/reactivate',
  summary: 'Return a pending-delete company to the state it had before the delete.',
  input: z.object({ target_company_id: zCompanyId.optional() }),
  output: z.null(),
  access: { roles: ['admin', 'distributor', 'customer'] },
});

export const migrateCompany = defineCall({
  path: '/api/v1/admin/company/migrate',
  summary: 'Split a company into a new one under a distributor or self-managed; the original stays for history.',
  input: z.object({
    target_id: zCompanyId,
    target_distributor_id: zDistributorRef.nullable().optional(),
    target_confirm_company_name: z.string().max(500),
  }),
  output: z.object({ new_company_id: zCompanyId }),
  access: { roles: ['admin'] },
  example: { target_id: 1, target_distributor_id: null, target_confirm_company_name: 'Example Ltd' },
});
