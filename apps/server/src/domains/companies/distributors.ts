import { CUSTOM_URL_MESSAGE, type DistributorSettings } from '@portal/contract/companies/distributor-settings';
import { SERVER_REGIONS, regionName } from '@portal/contract/shared/plans';
import type { CallContext } from '../../platform/context.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import { likePattern } from '../../platform/search.ts';
import * as tenancy from '../tenancy/service.ts';
import * as q from './queries.ts';

const regionView = (r: (typeof SERVER_REGIONS)[number]) => ({ code: r.code, name: r.name });

/** Every server region, for the region pickers. */
export const allRegions = () => SERVER_REGIONS.map(regionView);

async function requireDistributor(ctx: CallContext, id: number, mode: 'read' | 'write') {
  const company = await tenancy.requireCompany(ctx, { companyId: id, mode });
  if (company.company_type !== 'distributor') throw new AppError(400, 'This company is not a distributor');
  return company;
}

export async function getSettings(ctx: CallContext, input: { target_id: number }): Promise<DistributorSettings> {
  await requireDistributor(ctx, input.target_id, 'read');
  const s = await q.findDistributorSettings(ctx.db, input.target_id);
  return {
    custom_billing_url: s?.custom_billing_url ?? null,
    custom_support_url: s?.custom_support_url ?? null,
    custom_metadata_1_label: s?.custom_metadata_1_label ?? null,
    custom_metadata_2_label: s?.custom_metadata_2_label ?? null,
    custom_metadata_3_label: s?.custom_metadata_3_label ?? null,
    default_subaccount_features: s?.default_subaccount_features ?? 1,
  };
}

/** The contract takes http and https; only development, on plain-http machines, keeps http. */
function refusePlainHttp(ctx: CallContext, urls: Partial<Pick<DistributorSettings, 'custom_billing_url' | 'custom_support_url'>>) {
  if (ctx.config.NODE_ENV === 'development') return;
  const fields: Record<string, string> = {};
  for (const [field, url] of Object.entries(urls)) {
    if (url && new URL(url).protocol !== 'https:') fields[field] = CUSTOM_URL_MESSAGE;
  }
  if (Object.keys(fields).length) throw badInput(fields);
}

/** Absent fields stay; null (sent as a lone NUL) clears. Feature changes reach new sub-accounts only. */
export async function patchSettings(ctx: CallContext, input: Partial<DistributorSettings> & { target_id: number }) {
  const { target_id, ...changes } = input;
  await requireDistributor(ctx, target_id, 'write');
  refusePlainHttp(ctx, { custom_billing_url: changes.custom_billing_url, custom_support_url: changes.custom_support_url });
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (!Object.keys(set).length) return null;
  await q.upsertDistributorSettings(ctx.db, target_id, set);
  await ctx.audit(target_id, `Changed distributor settings: ${Object.keys(set).join(', ')}`);
  return null;
}

export async function listRegions(
  ctx: CallContext,
  input: {
    target_id: number;
    page: number;
    page_size: number;
    target_search_query: string;
    target_order: string;
    target_order_direction: 'asc' | 'desc';
  },
) {
  await requireDistributor(ctx, input.target_id, 'read');
  const [codes, counts] = await Promise.all([
    q.listRegionCodes(ctx.db, input.target_id),
    tenancy.countSubAccountsByRegion(ctx, { distributorId: input.target_id }),
  ]);
  const text = input.target_search_query.trim().toLowerCase();
  const rows = codes
    .map((code) => ({ code, name: regionName(code), managed_company_count: counts.get(code) ?? 0 }))
    .filter((r) => !text || r.code.includes(text) || r.name.toLowerCase().includes(text));
  const key = input.target_order as 'name' | 'code' | 'managed_company_count';
  rows.sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (input.target_order_direction === 'asc' ? 1 : -1));
  const start = (input.page - 1) * input.page_size;
  return { rows: rows.slice(start, start + input.page_size), total: rows.length };
}

export async function addRegion(
  ctx: CallContext,
  input: { target_id: number; target_region_code: string; target_include_all_regions: boolean },
) {
  await requireDistributor(ctx, input.target_id, 'write');
  const codes = input.target_include_all_regions ? SERVER_REGIONS.map((r) => r.code) : [input.target_region_code];
  if (!input.target_include_all_regions && !SERVER_REGIONS.some((r) => r.code === input.target_region_code)) {
    throw badInput({ target_region_code: 'Choose a region' });
  }
  await q.addRegions(ctx.db, input.target_id, codes);
  await ctx.audit(input.target_id, `Added regions: ${codes.join(', ')}`);
  return null;
}

export async function removeRegion(ctx: CallContext, input: { target_id: number; target_region_code: string }) {
  await requireDistributor(ctx, input.target_id, 'write');
  const managed = (await tenancy.countSubAccountsByRegion(ctx, { distributorId: input.target_id })).get(input.target_region_code) ?? 0;
  if (managed > 0) throw new AppError(400, `${managed} sub-accounts still use this region`);
  await q.removeRegion(ctx.db, input.target_id, input.target_region_code);
  await ctx.audit(input.target_id, `Removed region ${input.target_region_code}`);
  return null;
}

/** A company's allowed regions: its distributor's, or every region for a self-managed company. */
export async function regionsForCompany(ctx: CallContext, input: { target_company_id: number }) {
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_company_id, mode: 'read' });
  const owner = company.company_type === 'distributor' ? company.id : company.distributor_id;
  const codes = owner === null ? SERVER_REGIONS.map((r) => r.code) : await q.listRegionCodes(ctx.db, owner);
  return SERVER_REGIONS.filter((r) => codes.includes(r.code)).map(regionView);
}

export async function listSubAccounts(
  ctx: CallContext,
  input: {
    page: number;
    page_size: number;
    target_search_query: string;
    target_order: string;
    target_order_direction: 'asc' | 'desc';
    target_restrict: 'all' | 'trial';
  },
) {
  const text = input.target_search_query.trim();
  const result = await tenancy.listSubAccounts(ctx, {
    distributorId: ctx.actor.companyId,
    trialOnly: input.target_restrict === 'trial',
    pattern: text ? likePattern(text) : null,
    order: input.target_order as Parameters<typeof tenancy.listSubAccounts>[1]['order'],
    direction: input.target_order_direction,
    limit: input.page_size,
    offset: (input.page - 1) * input.page_size,
  });
  return {
    total: result.total,
    total_capped: result.capped,
    trial_count: result.trial_count,
    rows: result.rows.map((r) => ({
      ...r,
      created_at: r.created_at.toISOString(),
      trial_expires_at: r.trial_expires_at?.toISOString() ?? null,
    })),
  };
}

export async function listEvents(
  ctx: CallContext,
  input: { target_id: number; page: number; page_size: number; target_order_direction: 'asc' | 'desc' },
) {
  await tenancy.requireCompany(ctx, { companyId: input.target_id, mode: 'read' });
  const [rows, total] = await Promise.all([
    tenancy.pageEvents(ctx, {
      companyId: input.target_id,
      direction: input.target_order_direction,
      limit: input.page_size,
      offset: (input.page - 1) * input.page_size,
    }),
    tenancy.countEvents(ctx, { companyId: input.target_id }),
  ]);
  return { rows: rows.map((r) => ({ ...r, timestamp: r.timestamp.toISOString() })), total };
}

export const listDistributors = (ctx: CallContext) => tenancy.listDistributorCompanies(ctx);
