import { and, asc, between, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { distributorCommissionRates, reportCharges, reportCompanies, reportDistributorSettings, reportPlans } from '../tables.ts';

/** The distributor usage report's reads (docs/decisions/0061): views only, and the reports' own rates table. */

export async function findLabels(db: Database, distributorId: number) {
  const [row] = await db.select().from(reportDistributorSettings).where(eq(reportDistributorSettings.company_id, distributorId)).limit(1);
  return row;
}

export async function findRates(db: Database, distributorId: number) {
  const [row] = await db
    .select({
      discount_percent: distributorCommissionRates.discount_percent,
      indirect_commission_percent: distributorCommissionRates.indirect_commission_percent,
    })
    .from(distributorCommissionRates)
    .where(eq(distributorCommissionRates.company_id, distributorId))
    .limit(1);
  return row;
}

export async function saveRates(
  db: Database,
  distributorId: number,
  rates: { discount_percent: number; indirect_commission_percent: number },
  now: Date,
) {
  await db
    .insert(distributorCommissionRates)
    .values({ company_id: distributorId, ...rates, updated_at: now })
    .onConflictDoUpdate({ target: distributorCommissionRates.company_id, set: { ...rates, updated_at: now } });
}

/** A distributor's customers, with their plan's name. */
export function subAccounts(db: Database, distributorId: number) {
  return db
    .select({
      company_id: reportCompanies.company_id,
      company_name: reportCompanies.company_name,
      current_state: reportCompanies.current_state,
      has_contract_billing: reportCompanies.has_contract_billing,
      plan_id: reportCompanies.plan_id,
      plan_description: sql<string>`coalesce(${reportPlans.name}, ${reportCompanies.plan_id})`,
      custom_metadata_1: reportCompanies.custom_metadata_1,
      custom_metadata_2: reportCompanies.custom_metadata_2,
      custom_metadata_3: reportCompanies.custom_metadata_3,
      created_at: reportCompanies.created_at,
      deleted_at: reportCompanies.deleted_at,
    })
    .from(reportCompanies)
    .leftJoin(reportPlans, eq(reportPlans.plan_id, reportCompanies.plan_id))
    .where(and(eq(reportCompanies.distributor_id, distributorId), eq(reportCompanies.company_type, 'customer')))
    .orderBy(asc(reportCompanies.company_name), asc(reportCompanies.company_id));
}

const chargeGroup = {
  company_id: reportCharges.company_id,
  kind: reportCharges.kind,
  variant: reportCharges.variant,
  count: sql<number>`max(${reportCharges.quantity})`.mapWith(Number),
  charge_count: sql<number>`count(*)`.mapWith(Number),
  charge_total_cents: sql<number>`sum(${reportCharges.amount})`.mapWith(Number),
};

/** Charges of the distributor's customers on the days from..to, per company, service kind and variant. */
export function subAccountCharges(db: Database, distributorId: number, from: string, to: string) {
  return db
    .select(chargeGroup)
    .from(reportCharges)
    .innerJoin(reportCompanies, eq(reportCompanies.company_id, reportCharges.company_id))
    .where(and(eq(reportCompanies.distributor_id, distributorId), between(reportCharges.charge_day, from, to)))
    .groupBy(reportCharges.company_id, reportCharges.kind, reportCharges.variant);
}

/** What the distributor's customers were charged on each day from..to. */
export function subAccountDailyCharges(db: Database, distributorId: number, from: string, to: string) {
  return db
    .select({
      company_id: reportCharges.company_id,
      day: reportCharges.charge_day,
      charge_total_cents: sql<number>`sum(${reportCharges.amount})`.mapWith(Number),
    })
    .from(reportCharges)
    .innerJoin(reportCompanies, eq(reportCompanies.company_id, reportCharges.company_id))
    .where(and(eq(reportCompanies.distributor_id, distributorId), between(reportCharges.charge_day, from, to)))
    .groupBy(reportCharges.company_id, reportCharges.charge_day)
    .orderBy(asc(reportCharges.charge_day));
}

/** One company's charges from a day on, per month (YYYY-MM of the charge day), service kind and variant. */
export function companyMonthlyCharges(db: Database, companyId: number, from: string) {
  const month = sql<string>`to_char(${reportCharges.charge_day}, 'YYYY-MM')`;
  return db
    .select({ ...chargeGroup, yearmonth: month })
    .from(reportCharges)
    .where(and(eq(reportCharges.company_id, companyId), gte(reportCharges.charge_day, from)))
    .groupBy(reportCharges.company_id, month, reportCharges.kind, reportCharges.variant);
}

export async function companyPlan(db: Database, companyId: number) {
  const [row] = await db
    .select({
      company_type: reportCompanies.company_type,
      plan_id: reportCompanies.plan_id,
      plan_description: sql<string>`coalesce(${reportPlans.name}, ${reportCompanies.plan_id})`,
    })
    .from(reportCompanies)
    .leftJoin(reportPlans, eq(reportPlans.plan_id, reportCompanies.plan_id))
    .where(eq(reportCompanies.company_id, companyId))
    .limit(1);
  return row;
}
