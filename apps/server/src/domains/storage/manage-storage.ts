import { type AdminStorageRow, adminStorageList } from '@portal/contract/storage/manage-storage';
import { count, desc, eq, ilike, inArray, max, or, sql, sum } from 'drizzle-orm';
import type { CallContext } from '../../platform/context.ts';
import { handle } from '../../platform/handle.ts';
import { likePattern } from '../../platform/search.ts';
import { companies } from '../tenancy/tables.ts';
import { storageAccounts, storageBuckets, storageUtilization } from './tables.ts';

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
  const search = input.target_search_query.trim();
  const where = search
    ? or(
        ilike(companies.company_name, likePattern(search)),
        ilike(storageAccounts.provider_account_id, likePattern(search)),
        /^\d{1,9}$/.test(search) ? eq(companies.id, Number(search)) : undefined,
      )
    : undefined;
  const [counted] = await ctx.db
    .select({ n: count() })
    .from(storageAccounts)
    .innerJoin(companies, eq(companies.id, storageAccounts.company_id))
    .where(where);
  const accounts = await ctx.db
    .select({
      company_id: companies.id,
      company_name: companies.company_name,
      company_type: companies.company_type,
      can_have_comet_storage: companies.can_have_comet_storage,
      provider: storageAccounts.provider,
      provider_account_id: storageAccounts.provider_account_id,
      created_at: storageAccounts.created_at,
      keys_rotated_at: storageAccounts.keys_rotated_at,
    })
    .from(storageAccounts)
    .innerJoin(companies, eq(companies.id, storageAccounts.company_id))
    .where(where)
    .orderBy(desc(storageAccounts.created_at), desc(storageAccounts.id))
    .limit(input.page_size)
    .offset((input.page - 1) * input.page_size);
  const ids = accounts.map((a) => a.company_id);
  const buckets = ids.length
    ? await ctx.db
        .select({
          company_id: storageBuckets.company_id,
          n: count(),
          bytes: sum(sql`${storageBuckets.active_storage_bytes} + ${storageBuckets.deleted_storage_bytes}`),
          measured_at: max(storageBuckets.updated_at),
        })
        .from(storageBuckets)
        .where(inArray(storageBuckets.company_id, ids))
        .groupBy(storageBuckets.company_id)
    : [];
  const byCompany = new Map(buckets.map((b) => [b.company_id, b]));
  const measured = await latestMeasuredDays(ctx, ids);
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
      buckets_count: Number(b?.n ?? 0),
      ...(day
        ? { usage_bytes: day.bytes, usage_source: 'utilization' as const, usage_measured_at: day.measured_at }
        : {
            usage_bytes: Number(b?.bytes ?? 0),
            usage_source: 'buckets' as const,
            usage_measured_at: b?.measured_at ? new Date(b.measured_at).toISOString() : null,
          }),
    };
  });
  return { rows, total: Number(counted?.n ?? 0) };
}

/**
 * The latest day the daily utilization job measured each company: padded + metadata + deleted bytes over its
 * regions (docs/decisions/0055).
 */
async function latestMeasuredDays(ctx: CallContext, ids: number[]): Promise<Map<number, { bytes: number; measured_at: string }>> {
  if (!ids.length) return new Map();
  const u = storageUtilization;
  const latestDays = ctx.db
    .select({ company_id: u.company_id, day: max(u.day) })
    .from(u)
    .where(inArray(u.company_id, ids))
    .groupBy(u.company_id);
  const rows = await ctx.db
    .select({
      company_id: u.company_id,
      bytes: sum(sql`${u.padded_storage_size_bytes} + ${u.metadata_storage_size_bytes} + ${u.deleted_storage_size_bytes}`),
      measured_at: max(u.measured_at),
    })
    .from(u)
    .where(sql`(${u.company_id}, ${u.day}) in ${latestDays}`)
    .groupBy(u.company_id);
  return new Map(
    rows.map((r) => [r.company_id, { bytes: Number(r.bytes ?? 0), measured_at: (r.measured_at ?? new Date(0)).toISOString() }]),
  );
}

export const manageStorageHandlers = [handle(adminStorageList, (input, ctx) => adminList(ctx, input), { readOnly: true })];
