import type { customerUsageInput, CustomerUsageEvent, CustomerUsageRow } from '@portal/contract/reports/customer-usage';
import { COMPANIES_LOADED } from '@portal/contract/reports/customer-usage';
import type { z } from 'zod';
import type { CallContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { forbidden } from '../../platform/errors.ts';
import { countMatching, type UsageFilters, type UsageRowRecord, usageBatch } from './queries/customer-usage.ts';

/** Companies read per query: small enough that memory stays flat, large enough that round trips stay few. */
export const USAGE_BATCH = 500;
/** The first query is smaller, so the first row reaches the page sooner. */
export const FIRST_USAGE_BATCH = 50;

type Input = z.output<typeof customerUsageInput>;

/**
 * The filters as the report applies them (decision 0060). Choosing a distributor means "this distributor's
 * sub-accounts that used something": the other filters are dropped and has-real-usage is on, here as on the page,
 * so a caller of the API gets what the screen shows.
 */
export function filtersOf(input: Input): UsageFilters {
  const monthStart = `${input.target_year_month}-01`;
  if (input.target_distributor_id !== null) {
    return {
      monthStart,
      regionCodes: [],
      distributorId: input.target_distributor_id,
      salesId: null,
      isVip: null,
      isManaged: null,
      isPartner: null,
      hasRealUsage: true,
      hasContractBilling: null,
    };
  }
  return {
    monthStart,
    regionCodes: input.target_region_id,
    distributorId: null,
    salesId: input.target_sales_id,
    isVip: input.target_filter_is_vip,
    isManaged: input.target_filter_is_managed,
    isPartner: input.target_filter_is_partner,
    hasRealUsage: input.target_filter_has_real_usage,
    hasContractBilling: input.target_filter_has_contract_billing,
  };
}

export function rowOf(r: UsageRowRecord): CustomerUsageRow {
  const usage = r.usage.map((u) => ({
    type: u.type as CustomerUsageRow['usage'][number]['type'],
    charge_total_cents: Number(u.charge_total_cents),
    charge_count: Number(u.charge_count),
    peak_quantity: Number(u.peak_quantity),
  }));
  return {
    id: r.company_id,
    company_name: r.company_name,
    company_type: r.company_type,
    distributor: r.distributor_id === null ? null : { id: r.distributor_id, company_name: r.distributor_name ?? '' },
    is_vip: r.is_vip,
    is_partner_company: r.is_partner_company,
    is_internal_comet_company: r.is_internal_comet_company,
    is_managed: r.distributor_id !== null,
    region: { code: r.region_code },
    users: r.users,
    balance: Number(r.balance ?? 0),
    usage,
    usage_total_cents: usage.reduce((sum, u) => sum + u.charge_total_cents, 0),
    has_real_usage: usage.some((u) => u.type !== 'account' && u.charge_total_cents > 0),
    state: r.current_state as CustomerUsageRow['state'],
    has_contract_billing: r.has_contract_billing,
    latest_plan: { name: r.plan_name ?? '' },
    sales_id: r.sales_id,
    first_active_at: r.first_active_at,
    created_at: r.created_at,
    deleted_at: r.deleted_at,
  };
}

/** The rows in keyset batches: one batch is held at a time, and the next is read only when the last has gone out. */
async function* companyEvents(db: Database, filters: UsageFilters, total: number): AsyncGenerator<CustomerUsageEvent> {
  yield { event: COMPANIES_LOADED, total };
  let afterId = 0;
  let size = FIRST_USAGE_BATCH;
  for (;;) {
    const batch = await usageBatch(db, filters, afterId, size);
    for (const record of batch) yield { event: 'COMPANY', row: rowOf(record) };
    const last = batch.at(-1);
    if (!last || batch.length < size) return;
    afterId = last.company_id;
    size = USAGE_BATCH;
  }
}

/**
 * AdminUsageReport.json (spec-2 §2.9, §7). Refusals and the total come before the first byte, so they answer as
 * any call does; the rows follow as the database gives them.
 */
export async function adminUsageReport(ctx: CallContext, input: Input): Promise<AsyncIterable<CustomerUsageEvent>> {
  // Spec-2 §6: the sales person filter belongs to the sales-commission capability.
  if (input.target_sales_id !== null && !ctx.actor.capabilities.includes('sales_commission')) throw forbidden();
  const filters = filtersOf(input);
  const total = await countMatching(ctx.db, filters);
  return companyEvents(ctx.db, filters, total);
}
