import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyId, zCompanyType, zDistributorRef, zEmail } from '../shared/fields.ts';
import { zPlanId } from '../shared/plans.ts';

const zNewCompanyBase = z.object({
  target_company_name: z.string().trim().min(1, { error: 'Please enter your company name' }).max(200),
  target_country_code: z.string().trim().length(2).default('NZ'),
  target_contact_name: z.string().trim().max(200).default(''),
  target_email: zEmail,
  target_password: z.string().min(8, { error: 'Please enter at least 8 characters' }).max(1024),
});

export const adminCreateCompany = defineCall({
  path: '/api/v1/admin/company/create',
  summary: 'Create a company of any type with its primary user; a customer may be placed under a distributor.',
  input: zNewCompanyBase.extend({
    target_company_type: zCompanyType.default('customer'),
    target_distributor_id: zDistributorRef.nullable().optional(),
    target_is_internal: z.boolean().default(false),
    target_is_partner: z.boolean().default(false),
    target_is_vip: z.boolean().default(false),
  }),
  output: z.object({ company_id: zCompanyId }),
  access: { roles: ['admin'] },
  example: { target_company_name: 'New Co', target_email: 'new-owner@example.com', target_password: 'long-enough-password' },
});

export const distributorCreateCompany = defineCall({
  path: '/api/v1/distributor/create_company',
  tokenPermission: 'DISTRIBUTOR_COMPANIES_WRITE',
  summary: 'Create a sub-account (a trial customer) with its primary user, plan and notes.',
  input: zNewCompanyBase.extend({
    target_plan_id: zPlanId.default('Trial'),
    target_company_notes: z.string().max(10_000).default(''),
  }),
  output: z.object({ company_id: zCompanyId }),
  access: { roles: ['distributor'] },
  example: { target_company_name: 'New Sub', target_email: 'sub-owner@example.com', target_password: 'long-enough-password' },
});
