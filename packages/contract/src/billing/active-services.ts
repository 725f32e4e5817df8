import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCentsNonNegative, zCompanyId, zId, zTimestamp } from '../shared/fields.ts';
import { UNLIMITED_PAGE_SIZE, zPageOf } from '../shared/paging.ts';
import { zServiceKind } from './fields.ts';

/** Spec-2 §9: active services, 20 per page. */
export const ACTIVE_SERVICES_PAGE_SIZE = 20;

/** A running billable service (spec-2 §3). Money in cents. */
export const zActiveService = z.object({
  id: zId,
  type: zServiceKind,
  /** What it is: the server, the booster kind, the bucket account; shown as the Server column. */
  details: z.string(),
  rebill_every_days: z.number().int().min(1),
  next_charge_again_at: zTimestamp,
  unit_cost: zCentsNonNegative,
  quantity: z.number().int().min(0),
  amount: zCentsNonNegative,
  pricing_description: z.string(),
  hosted_server_id: zId.nullable(),
  wasabi_usage_bytes: z.number().int().min(0).nullable(),
  serial_count: z.number().int().min(0).nullable(),
});
export type ActiveService = z.infer<typeof zActiveService>;

export const getActiveServices = defineCall({
  path: '/api/v1/company/get_active_services',
  tokenPermission: 'BILLING_READ',
  summary:
    "A company's running services, 20 per page: the caller's own, or (admins, staff, the company's distributor) target_company_id's.",
  input: z.object({
    page: z.number().int().min(1).max(10_000_000).default(1),
    page_size: z.number().int().min(1).max(UNLIMITED_PAGE_SIZE).default(ACTIVE_SERVICES_PAGE_SIZE),
    target_company_id: zCompanyId.optional(),
  }),
  output: zPageOf(zActiveService).extend({
    /** When the list was last recomputed (twice a day); null before the first time. */
    updated_at: zTimestamp.nullable(),
  }),
  access: { roles: ['customer', 'distributor', 'admin', 'support', 'sales'] },
});
