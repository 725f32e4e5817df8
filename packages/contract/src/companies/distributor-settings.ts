import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyId } from '../shared/fields.ts';
import { zFeatureMask } from '../shared/plans.ts';
import { zPageOf, zPaging } from '../shared/paging.ts';

export const CUSTOM_URL_MESSAGE = 'Please enter an https:// address';

/**
 * A link the portal shows the distributor's sub-accounts: a web address only, never `javascript:` or
 * `data:`. The server also refuses plain http outside development.
 */
const zCustomUrl = z.url({ protocol: /^https?$/, error: CUSTOM_URL_MESSAGE }).max(500);

export const zDistributorSettings = z.object({
  custom_billing_url: zCustomUrl.nullable(),
  custom_support_url: zCustomUrl.nullable(),
  custom_metadata_1_label: z.string().trim().max(100).nullable(),
  custom_metadata_2_label: z.string().trim().max(100).nullable(),
  custom_metadata_3_label: z.string().trim().max(100).nullable(),
  default_subaccount_features: zFeatureMask,
});
export type DistributorSettings = z.infer<typeof zDistributorSettings>;

export const getDistributorSettings = defineCall({
  path: '/api/v1/admin/company/distributor-settings/get',
  summary: "A distributor's custom URLs, metadata labels and default sub-account features.",
  input: z.object({ target_id: zCompanyId }),
  output: zDistributorSettings,
  access: { roles: ['admin'] },
});

export const patchDistributorSettings = defineCall({
  path: '/api/v1/admin/company/distributor-settings/patch',
  summary: 'Change distributor settings; a lone NUL clears a text field; features apply to new sub-accounts only.',
  input: zDistributorSettings.partial().extend({ target_id: zCompanyId }),
  output: z.null(),
  access: { roles: ['admin'] },
});

export const zRegion = z.object({ code: z.string(), name: z.string() });

export const listRegions = defineCall({
  path: '/api/v1/meta/list_regions',
  summary: 'All server regions.',
  input: z.object({}),
  output: z.array(zRegion),
  access: { roles: ['any'] },
});

export const distributorListRegions = defineCall({
  path: '/api/v1/distributor/list_regions',
  summary: 'The regions a company may use: its distributor’s regions, or all for a self-managed company.',
  input: z.object({ target_company_id: zCompanyId }),
  output: z.array(zRegion),
  access: { roles: ['admin', 'support', 'sales', 'distributor', 'customer'] },
});

export const distributorRegionList = defineCall({
  path: '/api/v1/admin/company/distributor-regions',
  summary: "A distributor's regions with how many sub-accounts each holds.",
  input: zPaging(['name', 'code', 'managed_company_count'], 10).extend({ target_id: zCompanyId }),
  output: zPageOf(zRegion.extend({ managed_company_count: z.number().int() })),
  access: { roles: ['admin'] },
});

export const addDistributorRegion = defineCall({
  path: '/api/v1/admin/company/distributor-regions/add',
  summary: 'Let a distributor use a region, or every region.',
  input: z.object({
    target_id: zCompanyId,
    target_region_code: z.string().max(50).default(''),
    target_include_all_regions: z.boolean().default(false),
  }),
  output: z.null(),
  access: { roles: ['admin'] },
});

export const removeDistributorRegion = defineCall({
  path: '/api/v1/admin/company/distributor-regions/remove',
  summary: 'Stop a distributor using a region; only while none of its sub-accounts is in it.',
  input: z.object({ target_id: zCompanyId, target_region_code: z.string().max(50) }),
  output: z.null(),
  access: { roles: ['admin'] },
});
