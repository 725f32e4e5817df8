import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyId, zCompanyType, zId } from '../shared/fields.ts';
import { TRIAL_EXTENSION_MAX_DAYS, zFeatureMask, zPlanId, zRegionCode } from '../shared/plans.ts';

const text = (max = 200) => z.string().trim().max(max);

/** The fields a distributor may change on its sub-accounts. Absent fields stay as they are. */
export const zDistributorCompanyPatch = z.object({
  target_id: zCompanyId,
  company_name: text().min(1, { error: 'Please enter your company name' }).optional(),
  phone_number: text(50).optional(),
  country: text(2).optional(),
  city: text().optional(),
  street_address: text().optional(),
  postal_code: text(20).optional(),
  custom_metadata_1: text(500).nullable().optional(),
  custom_metadata_2: text(500).nullable().optional(),
  custom_metadata_3: text(500).nullable().optional(),
  can_view_billing_credit_usage: z.boolean().optional(),
  can_view_billing_active_services: z.boolean().optional(),
  region_code: zRegionCode.optional(),
  target_plan_id: zPlanId.optional(),
  extend_trial_days: z.number().int().min(1).max(TRIAL_EXTENSION_MAX_DAYS).optional(),
});

/** Admins may change everything a distributor may, and more. */
export const zAdminCompanyPatch = zDistributorCompanyPatch.extend({
  notes: text(10_000).nullable().optional(),
  merchant_ref: text().nullable().optional(),
  feature_voting_ref: text().nullable().optional(),
  features: zFeatureMask.optional(),
  target_company_type: zCompanyType.optional(),
  target_plan_force: z.boolean().default(false),
  /** A member of the sales staff (a user of the admin company), not a user of the company changed: not an owned id. */
  target_sales_id: zId.nullable().optional(),
  target_has_oob_payment: z.boolean().optional(),
  target_has_contract_billing: z.boolean().optional(),
  target_customer_trial_length_days: z.number().int().min(0).max(365).optional(),
  target_is_internal: z.boolean().optional(),
  target_is_partner: z.boolean().optional(),
  target_is_vip: z.boolean().optional(),
  target_is_sales: z.boolean().optional(),
  target_is_support: z.boolean().optional(),
  can_have_comet_storage: z.boolean().optional(),
});

export const adminPatchCompany = defineCall({
  path: '/api/v1/admin/company/patch',
  summary: 'Change a company; every change is written to its history.',
  input: zAdminCompanyPatch,
  output: z.null(),
  access: { roles: ['admin'] },
  example: { target_id: 1, city: 'Wellington', target_is_vip: true },
});

export const distributorPatchCompany = defineCall({
  path: '/api/v1/distributor/patch_company',
  tokenPermission: 'DISTRIBUTOR_COMPANIES_WRITE',
  summary: 'Change a sub-account: contact details, metadata, billing visibility, plan, trial extension.',
  input: zDistributorCompanyPatch,
  output: z.null(),
  access: { roles: ['distributor'] },
  example: { target_id: 1, city: 'Wellington', custom_metadata_1: 'PO 42' },
});
