import { type AdminStorageRow, adminStorageList } from '@portal/contract/storage/manage-storage';
import type { CallContext } from '../../platform/context.ts';
import { handle } from '../../platform/handle.ts';
import * as q from './queries.ts';

/**
 * /manage_storage (spec-1 §2 manage_storage; docs/decisions/0056): every company's storage account, newest
 * first, searchable by company name, company id or the provider's account id. Usage is the latest measured day
 * of the daily utilization job where it has measured the company, otherwise the buckets' bytes as the Buckets
 * tab last measured them at the provider. Admins only (the call's access); staff of other roles are refused.
 */
export async function adminList(
  ctx: CallContext,
  input: { page: number; page_size: number; target_search_query: string },
): Promise<{ rows: AdminStorageRow[]; total: number }> {
  const { accounts, total } = await q.adminAccounts(ctx.db, input.target_search_query.trim(), input.page, input.page_size);
  const ids = accounts.map((a) => a.company_id);
  const byCompany = await q.bucketTotalsOf(ctx.db, ids);
  const measured = await q.latestMeasuredDays(ctx.db, ids);
  const rows = accounts.map((a): AdminStorageRow => {
    const b = byCompany.get(a.company_id);
    const day = measured.get(a.company_id);
    return {
      company_id: a.company_id,
      company_name: a.company_name,
      company_type: a.company_type,
      can_have_comet_storage: a.can_have_comet_storage,
      provider: a.provider,
      provider_account_id: a.provider_account_id,
      enabled_at: a.created_at.toISOString(),
      keys_rotated_at: a.keys_rotated_at?.toISOString() ?? null,
      buckets_count: b?.n ?? 0,
      ...(day
        ? { usage_bytes: day.bytes, usage_source: 'utilization' as const, usage_measured_at: day.measured_at }
        : {
            usage_bytes: b?.bytes ?? 0,
            usage_source: 'buckets' as const,
            usage_measured_at: b?.measured_at ?? null,
          }),
    };
  });
  return { rows, total };
}

export const manageStorageHandlers = [handle(adminStorageList, (input, ctx) => adminList(ctx, input), { readOnly: true })];
