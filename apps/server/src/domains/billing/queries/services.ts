import type { ServiceKind } from '@portal/contract/billing/fields';
import { type SQL, and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../../platform/db.ts';
import { billingPlans, billingPrices, billingServices, companyBilling } from '../tables.ts';

export type ServiceRow = typeof billingServices.$inferSelect;
export type NewService = typeof billingServices.$inferInsert;
export type PriceRow = typeof billingPrices.$inferSelect;
export type PlanRow = typeof billingPlans.$inferSelect;
export type CompanyBillingRow = typeof companyBilling.$inferSelect;

export async function companyBillingOf(db: Database, companyId: number): Promise<CompanyBillingRow | null> {
  const [row] = await db.select().from(companyBilling).where(eq(companyBilling.company_id, companyId));
  return row ?? null;
}

export async function listPlans(db: Database): Promise<PlanRow[]> {
  return db.select().from(billingPlans).orderBy(asc(billingPlans.rank));
}

export async function findPrice(db: Database, planId: string, kind: ServiceKind, variant: string): Promise<PriceRow | null> {
  const [row] = await db
    .select()
    .from(billingPrices)
    .where(and(eq(billingPrices.plan_id, planId), eq(billingPrices.kind, kind), eq(billingPrices.variant, variant)));
  return row ?? null;
}

/** A plan's prices of several kinds at once; a kind without a price is missing from the answer. */
export async function findPrices(db: Database, planId: string, kinds: { kind: ServiceKind; variant: string }[]): Promise<PriceRow[]> {
  if (!kinds.length) return [];
  return db
    .select()
    .from(billingPrices)
    .where(
      and(
        eq(billingPrices.plan_id, planId),
        or(...kinds.map((k) => and(eq(billingPrices.kind, k.kind), eq(billingPrices.variant, k.variant)))),
      ),
    );
}

export async function listPrices(db: Database): Promise<PriceRow[]> {
  return db.select().from(billingPrices).orderBy(asc(billingPrices.plan_id), asc(billingPrices.kind), asc(billingPrices.variant));
}

export async function insertService(db: Database, row: NewService): Promise<ServiceRow> {
  const [made] = await db.insert(billingServices).values(row).returning();
  if (!made) throw new Error('service insert returned nothing');
  return made;
}

/**
 * The company's running metered services of these kinds (devices, booster kinds), each made if there is none;
 * two reports at once make one of each (the partial unique index decides).
 */
export async function ensureMeteredServices(db: Database, rows: NewService[]): Promise<void> {
  if (!rows.length) return;
  const values = rows.map(
    (
      row,
    ) => sql`(${row.company_id}, ${row.kind}, ${row.variant ?? ''}, ${row.details ?? ''}, ${row.rebill_every_days}, ${row.next_charge_again_at},
      ${row.unit_cost ?? 0}, ${row.quantity ?? 0}, ${row.amount ?? 0}, ${row.pricing_description ?? ''}, ${row.started_at}, ${row.updated_at})`,
  );
  await db.execute(sql`
    insert into billing_services (company_id, kind, variant, details, rebill_every_days, next_charge_again_at, unit_cost, quantity,
      amount, pricing_description, started_at, updated_at)
    values ${sql.join(values, sql`, `)}
    on conflict (company_id, kind, variant) where stopped_at is null and owner_id is null do nothing`);
}

export async function findService(db: Database, id: number): Promise<ServiceRow | null> {
  const [row] = await db.select().from(billingServices).where(eq(billingServices.id, id));
  return row ?? null;
}

type RunningServiceRef = { id: number } | { owner_kind: string; owner_id: string };
const runningServiceWhere = (ref: RunningServiceRef) =>
  'id' in ref
    ? and(eq(billingServices.id, ref.id), isNull(billingServices.stopped_at))
    : and(eq(billingServices.owner_kind, ref.owner_kind), eq(billingServices.owner_id, ref.owner_id), isNull(billingServices.stopped_at));

/** The running service of a resource of another domain, not locked: whose it is, before any lock is taken. */
export async function findRunningService(db: Database, ref: RunningServiceRef): Promise<ServiceRow | null> {
  const [row] = await db.select().from(billingServices).where(runningServiceWhere(ref));
  return row ?? null;
}

/** The running service of a resource of another domain, locked until the transaction ends. */
export async function lockRunningService(db: Database, ref: RunningServiceRef): Promise<ServiceRow | null> {
  const [row] = await db.select().from(billingServices).where(runningServiceWhere(ref)).for('update');
  return row ?? null;
}

export async function updateService(db: Database, id: number, changes: Partial<NewService>): Promise<ServiceRow> {
  const [row] = await db.update(billingServices).set(changes).where(eq(billingServices.id, id)).returning();
  if (!row) throw new Error(`no service ${id}`);
  return row;
}

export async function runningServicesOf(db: Database, companyId: number): Promise<ServiceRow[]> {
  return db
    .select()
    .from(billingServices)
    .where(and(eq(billingServices.company_id, companyId), isNull(billingServices.stopped_at)))
    .orderBy(asc(billingServices.id));
}

/**
 * What a service costs per cycle on the company's plan, from the prices and the most the daily stats
 * counted over the cycle ending `day` (or the service's own quantity): the one formula the charging run
 * uses too (docs/decisions/0021-billing-price-table.md).
 */
export const chargeQuantity = (day: string) => sql`
  case when p.metric is null then s.quantity else coalesce((
    select max(case p.metric
      when 'device_count' then st.device_count
      when 'booster_microsoft365' then st.booster_microsoft365
      when 'booster_disk_image' then st.booster_disk_image
      when 'booster_mssql' then st.booster_mssql
      when 'booster_hyperv' then st.booster_hyperv
      when 'booster_vmware' then st.booster_vmware
      when 'booster_proxmox' then st.booster_proxmox
      when 'storage_amount_bytes' then st.storage_amount_bytes
    end)
    from daily_stats st
    where st.company_id = s.company_id and st.date > ${day}::date - p.rebill_every_days and st.date <= ${day}::date), 0) end`;

/**
 * The storage allowance of a storage service: the bytes its company's running services started in the 30 days
 * up to `dayEnd` come with (a hosted console on Comet Storage: 5 TB, spec-1 §9), 0 for other kinds. The window
 * is 31 days so that the day a console's allowance ends on is still covered. Running ones only, so the
 * company's running-services index answers it.
 */
export const storageAllowance = (dayEnd: Date) => sql`
  case when s.kind = 'storage' then (
    select coalesce(sum(h.included_storage_bytes), 0) from billing_services h
    where h.company_id = s.company_id and h.stopped_at is null and h.included_storage_bytes > 0
      and h.started_at < ${dayEnd} and h.started_at >= ${dayEnd}::timestamptz - interval '31 days') else 0 end`;

/**
 * The charge of quantity `qty` less `allowance` bytes on price `p`: round(unit_cost × units ×
 * rebill_every_days / per_days), where units count unit_size steps with the minimum applied before the
 * allowance (so a console's 5 TB also covers the 1 TB minimum).
 */
export const chargeAmount = (qty: SQL, allowance: SQL) => sql`
  round(p.unit_cost::numeric * (greatest(greatest(${qty}::numeric, p.minimum_units::numeric * p.unit_size) - ${allowance}, 0) / p.unit_size)
    * p.rebill_every_days / p.per_days)::bigint`;

/**
 * Twice a day: each running service's unit cost, quantity, amount per cycle and pricing text, from its
 * company's plan and the daily stats up to `day`, for /my_active_services. Takes the services not updated
 * since `staleBefore`, `limit` at a time; answers how many it updated.
 */
export async function recomputeServices(db: Database, day: string, dayEnd: Date, staleBefore: Date, now: Date, limit: number) {
  const result = await db.execute(sql`
    with picked as (
      select s.id from billing_services s
      where s.stopped_at is null and s.updated_at < ${staleBefore}
      order by s.id limit ${limit}
      for update skip locked
    ), fresh as (
      select s.id, p.unit_cost, p.pricing_description, p.rebill_every_days, q.qty,
        ${chargeAmount(sql`q.qty`, storageAllowance(dayEnd))} as amount
      from picked k
      join billing_services s on s.id = k.id
      join company_billing c on c.company_id = s.company_id
      join billing_prices p on p.plan_id = c.plan_id and p.kind = s.kind and p.variant = s.variant
      cross join lateral (select ${chargeQuantity(day)} as qty offset 0) q
    ), upd as (
      update billing_services s set unit_cost = f.unit_cost, quantity = f.qty, amount = f.amount,
        pricing_description = f.pricing_description, rebill_every_days = f.rebill_every_days, updated_at = ${now},
        -- A daily service is charged every day: its next charge is tomorrow's (the run does not move it).
        next_charge_again_at = case when f.rebill_every_days = 1 then greatest(s.next_charge_again_at, ${dayEnd}) else s.next_charge_again_at end
      from fresh f where s.id = f.id
      returning 1
    ), untouched as (
      -- A service with no price (an unknown kind on the plan) is still marked, so the job moves on.
      update billing_services s set updated_at = ${now}
      from picked k where s.id = k.id and not exists (select 1 from fresh f where f.id = k.id)
      returning 1
    )
    select (select count(*) from upd)::int + (select count(*) from untouched)::int as n`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}
