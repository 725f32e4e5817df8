import {
  COMPANY_USAGE_MONTHS,
  type CommissionType,
  DISTRIBUTOR_REPORT_MONTHS,
  DISTRIBUTOR_USAGE_MESSAGES as M,
  type DistributorUsageRow,
  FIRST_REPORT_MONTH,
} from '@portal/contract/reports/distributor-usage';
import type { CompanyState } from '@portal/contract/shared/fields';
import { isAdmin } from '../../../platform/access.ts';
import type { CallContext } from '../../../platform/context.ts';
import { badInput, notFound } from '../../../platform/errors.ts';
import * as billing from '../../billing/service.ts';
import * as tenancy from '../../tenancy/service.ts';
import * as q from '../queries/distributor-usage.ts';
import { STORAGE_TYPES, addMonths, itemsOf, monthDays, percentRoundedUp, totalOf } from './figures.ts';

/** The distributor usage report and its commission (spec-2 §2.9, §3, §5, §9; docs/decisions/0061). */

const thisMonth = (ctx: CallContext) => billing.billingDayOf(ctx).slice(0, 7);

/** The company must be a distributor the actor reaches: a distributor reaches only itself (a sub-account is not one). */
async function requireDistributor(ctx: CallContext, id: number) {
  const company = await tenancy.requireCompany(ctx, { companyId: id, mode: 'read' });
  if (company.company_type !== 'distributor') throw notFound(M.notDistributor);
  return { company_id: company.id, company_name: company.company_name };
}

/** Spec-2 §5: from 2017-01 for admins, the last 12 months for everyone else, never after this month. */
function checkMonth(ctx: CallContext, yearmonth: string, now: string) {
  const first = isAdmin(ctx.actor) ? FIRST_REPORT_MONTH : addMonths(now, 1 - DISTRIBUTOR_REPORT_MONTHS);
  if (yearmonth < first || yearmonth > now) {
    throw badInput({ yearmonth: isAdmin(ctx.actor) ? M.monthRange : M.monthRecent });
  }
}

/** A sub-account the distributor is billed for (contract billing) is DIRECT; one that buys its own credit is INDIRECT. */
export function commissionTypeOf(company: { has_contract_billing: boolean }): CommissionType {
  return company.has_contract_billing ? 'DIRECT' : 'INDIRECT';
}

export async function distributorUsage(ctx: CallContext, input: { id: number; yearmonth?: string | undefined }) {
  const distributor = await requireDistributor(ctx, input.id);
  const yearmonth = input.yearmonth ?? thisMonth(ctx);
  checkMonth(ctx, yearmonth, thisMonth(ctx));
  const { from, to } = monthDays(yearmonth);
  const [labels, rates, companies, charges, daily] = [
    await q.findLabels(ctx.db, distributor.company_id),
    await ratesOf(ctx, distributor.company_id),
    await q.subAccounts(ctx.db, distributor.company_id),
    await q.subAccountCharges(ctx.db, distributor.company_id, from, to),
    await q.subAccountDailyCharges(ctx.db, distributor.company_id, from, to),
  ];
  // Created and deleted are instants; the month's edges are its first and next month's first day in Pacific/Auckland.
  const monthStart = billing.billingDayStart(ctx, { day: from });
  const monthEnd = billing.billingDayStart(ctx, { day: monthDays(addMonths(yearmonth, 1)).from });
  const rows: DistributorUsageRow[] = companies
    .map((c) => {
      const items = itemsOf(
        charges.filter((g) => g.company_id === c.company_id),
        c,
      );
      return {
        company_id: c.company_id,
        company_name: c.company_name,
        current_state: c.current_state as CompanyState,
        commission_type: commissionTypeOf(c),
        custom_metadata_1: c.custom_metadata_1,
        custom_metadata_2: c.custom_metadata_2,
        custom_metadata_3: c.custom_metadata_3,
        items,
        daily_usage: daily.filter((d) => d.company_id === c.company_id).map(({ day, charge_total_cents }) => ({ day, charge_total_cents })),
        usage_total_cents: totalOf(items),
        storage_total_cents: totalOf(items, (t) => STORAGE_TYPES.has(t)),
        lived: c.created_at < monthEnd && (c.deleted_at === null || c.deleted_at >= monthStart),
      };
    })
    // A sub-account created after the month or deleted before it shows only if it was charged in the month.
    .filter((r) => r.lived || r.items.length > 0)
    .map(({ lived: _, ...row }) => row);
  return {
    distributor_id: distributor.company_id,
    distributor_name: distributor.company_name,
    yearmonth,
    custom_metadata_1_label: labels?.custom_metadata_1_label ?? '',
    custom_metadata_2_label: labels?.custom_metadata_2_label ?? '',
    custom_metadata_3_label: labels?.custom_metadata_3_label ?? '',
    rates,
    totals: totalsOf(rows, rates),
    rows,
  };
}

/** Spec-2 §9: the discount and the indirect commission apply to each side's total without storage, rounded up once. */
export function totalsOf(
  rows: Pick<DistributorUsageRow, 'commission_type' | 'usage_total_cents' | 'storage_total_cents'>[],
  rates: { discount_percent: number; indirect_commission_percent: number },
) {
  const sum = (type: CommissionType, field: 'usage_total_cents' | 'storage_total_cents') =>
    rows.filter((r) => r.commission_type === type).reduce((s, r) => s + r[field], 0);
  const direct = sum('DIRECT', 'usage_total_cents');
  const directStorage = sum('DIRECT', 'storage_total_cents');
  const indirect = sum('INDIRECT', 'usage_total_cents');
  const indirectStorage = sum('INDIRECT', 'storage_total_cents');
  return {
    direct_usage_cents: direct,
    direct_storage_cents: directStorage,
    discount_cents: percentRoundedUp(direct - directStorage, rates.discount_percent),
    indirect_usage_cents: indirect,
    indirect_storage_cents: indirectStorage,
    indirect_commission_cents: percentRoundedUp(indirect - indirectStorage, rates.indirect_commission_percent),
  };
}

/** No row: the vendor has set no percentages yet, so both are 0. */
async function ratesOf(ctx: CallContext, distributorId: number) {
  return (await q.findRates(ctx.db, distributorId)) ?? { discount_percent: 0, indirect_commission_percent: 0 };
}

export async function commission(ctx: CallContext, input: { id: number }) {
  const distributor = await requireDistributor(ctx, input.id);
  return ratesOf(ctx, distributor.company_id);
}

export async function setCommission(
  ctx: CallContext,
  input: { id: number; discount_percent: number; indirect_commission_percent: number },
) {
  const distributor = await requireDistributor(ctx, input.id);
  const rates = { discount_percent: input.discount_percent, indirect_commission_percent: input.indirect_commission_percent };
  await q.saveRates(ctx.db, distributor.company_id, rates, ctx.clock.now());
  await ctx.audit(
    distributor.company_id,
    `Commission set: discount ${rates.discount_percent}%, indirect commission ${rates.indirect_commission_percent}%`,
  );
  return rates;
}

/** The company dialog's Reports tab: this month and the 11 before it, newest first, months without charges too. */
export async function companyUsage(ctx: CallContext, input: { id: number }) {
  await tenancy.requireCompany(ctx, { companyId: input.id, mode: 'read' });
  const plan = await q.companyPlan(ctx.db, input.id);
  if (!plan) throw notFound('Company not found');
  const last = thisMonth(ctx);
  const first = addMonths(last, 1 - COMPANY_USAGE_MONTHS);
  const groups = await q.companyMonthlyCharges(ctx.db, input.id, monthDays(first).from);
  const months = Array.from({ length: COMPANY_USAGE_MONTHS }, (_, i) => addMonths(last, -i)).map((yearmonth) => {
    const items = itemsOf(
      groups.filter((g) => g.yearmonth === yearmonth),
      plan,
    );
    return { yearmonth, items, usage_total_cents: totalOf(items) };
  });
  return { company_id: input.id, months };
}
