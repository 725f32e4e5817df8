import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { COMPANY_STATES, zCompanyId, zCompanyState, zCompanyType, zTimestamp } from '../shared/fields.ts';
import { zCappedPageOf, zPaging } from '../shared/paging.ts';
import { ADMIN_COMPANY_LIST_ACCESS, DEFAULT_ADMIN_COMPANY_STATES } from './admin-company-views.ts';

export const ADMIN_COMPANY_ORDER = ['company_name', 'id', 'created_at', 'current_state', 'country', 'email'] as const;

export { ADMIN_COMPANY_LIST_ACCESS, DEFAULT_ADMIN_COMPANY_STATES } from './admin-company-views.ts';

export const zAdminCompanyRow = z.object({
  id: zCompanyId,
  company_name: z.string(),
  company_type: zCompanyType,
  country: z.string(),
  phone_number: z.string(),
  current_state: zCompanyState,
  current_state_applied_at: zTimestamp,
  created_at: zTimestamp,
  distributor: z.object({ id: zCompanyId, company_name: z.string() }).nullable(),
  users: z.array(z.object({ email: z.string(), contact_name: z.string(), is_primary_contact: z.boolean() })),
  is_vip: z.boolean(),
  is_partner_company: z.boolean(),
  is_internal_comet_company: z.boolean(),
});
export type AdminCompanyRow = z.infer<typeof zAdminCompanyRow>;

export const adminCompanyList = defineCall({
  path: '/api/v1/admin/company/list',
  tokenPermission: 'ADMIN_COMPANIES_READ',
  summary: 'Companies for the admin dashboard, with counts per state for the tabs.',
  input: zPaging(ADMIN_COMPANY_ORDER, 50).extend({
    target_company_states: z
      .array(zCompanyState)
      .min(1)
      .default([...DEFAULT_ADMIN_COMPANY_STATES]),
  }),
  output: zCappedPageOf(zAdminCompanyRow).extend({
    /** In a search past the count cap, a state's count stops at the cap (SEARCH_COUNT_CAP). */
    count_in_state: z.record(z.enum(COMPANY_STATES), z.number().int()),
  }),
  access: ADMIN_COMPANY_LIST_ACCESS,
  exportable: { fileName: 'companies' },
});
