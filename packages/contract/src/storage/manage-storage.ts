import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zId } from '../shared/fields.ts';
import { UNLIMITED_PAGE_SIZE } from '../shared/paging.ts';

/** /manage_storage pages by 20, as the other admin tables of services. */
export const MANAGE_STORAGE_PAGE_SIZE = 20;

/**
 * A company's storage account as /manage_storage lists it (spec-1 §2 manage_storage, §6 storage link admin
 * only; docs/decisions/0056). `usage_bytes` is the latest day the utilization job measured (padded, metadata and
 * deleted bytes, every region) when there is one, otherwise what the Buckets tab last measured at the
 * provider (active and deleted bytes of the buckets); `usage_source` says which.
 */
export const zAdminStorageRow = z.object({
  company_id: zId,
  company_name: z.string(),
  company_type: z.string(),
  can_have_comet_storage: z.boolean(),
  provider: z.string(),
  provider_account_id: z.string(),
  enabled_at: z.string(),
  keys_rotated_at: z.string().nullable(),
  buckets_count: z.number().int().min(0),
  usage_bytes: z.number().int().min(0),
  usage_source: z.enum(['utilization', 'buckets']),
  /** When the usage was measured: the measured day's end or the buckets' last measurement; null: never. */
  usage_measured_at: z.string().nullable(),
});
export type AdminStorageRow = z.infer<typeof zAdminStorageRow>;

export const adminStorageList = defineCall({
  path: '/api/v1/admin/storage/list',
  summary:
    "Every company's storage account, newest first, searchable by company name or provider account: usage, buckets, enabled date (/manage_storage; admins only).",
  input: z.object({
    page: z.number().int().min(1).max(10_000_000).default(1),
    page_size: z.number().int().min(1).max(UNLIMITED_PAGE_SIZE).default(MANAGE_STORAGE_PAGE_SIZE),
    target_search_query: z.string().max(200).default(''),
  }),
  output: z.object({ rows: z.array(zAdminStorageRow), total: z.number().int().min(0) }),
  access: { roles: ['admin'] },
});
