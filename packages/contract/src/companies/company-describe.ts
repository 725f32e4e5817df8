import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyId } from '../shared/fields.ts';
import { zCompanyDetail } from './company-detail.ts';

export const adminDescribeCompany = defineCall({
  path: '/api/v1/admin/company/describe',
  tokenPermission: 'ADMIN_COMPANIES_READ',
  summary: 'One company with everything the company dialog shows.',
  input: z.object({ target_id: zCompanyId }),
  output: zCompanyDetail,
  access: { roles: ['admin', 'support', 'sales'] },
});

export const distributorDescribeCompany = defineCall({
  path: '/api/v1/distributor/describe_company',
  tokenPermission: 'DISTRIBUTOR_COMPANIES_READ',
  summary: "One of the distributor's sub-accounts (or its own company), without admin-only fields.",
  input: z.object({ target_id: zCompanyId }),
  output: zCompanyDetail,
  access: { roles: ['distributor'] },
});
