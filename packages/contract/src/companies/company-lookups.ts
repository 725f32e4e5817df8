import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyId, zCompanyState, zId, zTimestamp } from '../shared/fields.ts';
import { zCappedPageOf, zPageOf, zPaging } from '../shared/paging.ts';

export const listDistributors = defineCall({
  path: '/api/v1/admin/company/distributors',
  summary: 'Every distributor, for pickers.',
  input: z.object({}),
  output: z.array(z.object({ id: zCompanyId, company_name: z.string() })),
  access: { roles: ['admin', 'support', 'sales'] },
});

export const listSales = defineCall({
  path: '/api/v1/admin/company/sales',
  summary: 'The sales staff a company can be assigned to.',
  input: z.object({}),
  output: z.array(z.object({ id: zId, contact_name: z.string(), email: z.string() })),
  access: { roles: ['admin', 'support', 'sales'] },
});

export const companyEventList = defineCall({
  path: '/api/v1/admin/company/events',
  summary: "A company's history, newest first.",
  input: zPaging(['timestamp'], 50).extend({ target_id: zCompanyId, target_order_direction: z.enum(['asc', 'desc']).default('desc') }),
  output: zPageOf(z.object({ timestamp: zTimestamp, actor: z.string(), event: z.string() })),
  access: { roles: ['admin'] },
});

export const DISTRIBUTOR_COMPANY_ORDER = ['company_name', 'id', 'created_at', 'current_state', 'trial_expires_at'] as const;

export const distributorListCompanies = defineCall({
  path: '/api/v1/distributor/list_companies_full',
  tokenPermission: 'DISTRIBUTOR_COMPANIES_READ',
  summary: "The distributor's sub-accounts, 25 per page; restrict=trial shows trials only.",
  input: zPaging(DISTRIBUTOR_COMPANY_ORDER, 25).extend({ target_restrict: z.enum(['all', 'trial']).default('all') }),
  output: zCappedPageOf(
    z.object({
      id: zCompanyId,
      company_name: z.string(),
      current_state: zCompanyState,
      plan_id: z.string(),
      trial_expires_at: zTimestamp.nullable(),
      trial_extension: z.number().int(),
      created_at: zTimestamp,
      primary_email: z.string(),
      custom_metadata_1: z.string(),
      custom_metadata_2: z.string(),
      custom_metadata_3: z.string(),
    }),
  ).extend({ /** Stops at the count cap with the total in a search (total_capped). */ trial_count: z.number().int() }),
  access: { roles: ['distributor'] },
  exportable: { fileName: 'sub-accounts' },
});
