import { BOOSTER_VARIANTS, type BoosterVariant, type ServiceKind } from '@portal/contract/billing/fields';
import type { Actor } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { addDays, dayOf, startOfDay } from './days.ts';
import { ensureAccount } from './queries/ledger.ts';
import * as q from './queries/services.ts';
import * as stats from './queries/stats.ts';
import * as tenancy from '../tenancy/service.ts';

export type { ServiceRow } from './queries/services.ts';
type AnyContext = CallContext<Actor | null>;

const RECOMPUTE_BATCH = 5000;
/** "Updated twice a day": a service recomputed within this long is left alone. */
const RECOMPUTE_EVERY_MS = 11 * 3_600_000;

/** A resource of another domain that a service bills for. */
export interface OwnerRef {
  owner_kind: string;
  owner_id: string;
}

export interface NewServiceInput extends Partial<OwnerRef> {
  company_id: number;
  kind: ServiceKind;
  variant?: string;
  details?: string;
  hosted_server_id?: number | null;
  quantity?: number;
  wasabi_usage_bytes?: number | null;
  serial_count?: number | null;
  /**
   * Storage bytes the service comes with: the company's storage is not charged for them while the service runs
   * in its first 30 days (a hosted console on Comet Storage, spec-1 §9).
   */
  included_storage_bytes?: number;
}

async function priceFor(ctx: AnyContext, companyId: number, kind: ServiceKind, variant: string) {
  const company = await q.companyBillingOf(ctx.db, companyId);
  if (!company) throw notFound('Company not found');
  const price = await q.findPrice(ctx.db, company.plan_id, kind, variant);
  if (!price) throw new AppError(400, `No price for ${kind}${variant ? ` (${variant})` : ''} on plan ${company.plan_id}`);
  return price;
}

/**
 * Starts a billable service, in the caller's transaction (so a licence and its service commit together).
 * It is first charged by the next daily run, then every rebill_every_days.
 */
export async function startService(ctx: CallContext, input: NewServiceInput): Promise<q.ServiceRow> {
  await tenancy.requireChangeable(ctx, { companyId: input.company_id });
  const now = ctx.clock.now();
  const variant = input.variant ?? '';
  const price = await priceFor(ctx, input.company_id, input.kind, variant);
  await ensureAccount(ctx.db, input.company_id, now);
  const quantity = input.quantity ?? 1;
  return q.insertService(ctx.db, {
    company_id: input.company_id,
    kind: input.kind,
    variant,
    details: input.details ?? '',
    owner_kind: input.owner_kind ?? null,
    owner_id: input.owner_id ?? null,
    hosted_server_id: input.hosted_server_id ?? null,
    rebill_every_days: price.rebill_every_days,
    next_charge_again_at: startOfDay(dayOf(now)),
    unit_cost: price.unit_cost,
    quantity,
    amount: Math.round(
      (price.unit_cost * Math.max(quantity / price.unit_size, price.minimum_units) * price.rebill_every_days) / price.per_days,
    ),
    pricing_description: price.pricing_description,
    wasabi_usage_bytes: input.wasabi_usage_bytes ?? null,
    serial_count: input.serial_count ?? null,
    included_storage_bytes: input.included_storage_bytes ?? 0,
    started_at: now,
    updated_at: now,
  });
}

/** A running service, by its id or by what it bills for. */
export type ServiceRef = { service_id: number } | OwnerRef;
const refOf = (ref: ServiceRef) => ('service_id' in ref ? { id: ref.service_id } : ref);

/**
 * The running service a product names, locked, once billing has seen that its company is one the actor may
 * change (tenancy's write rule, docs/decisions/0100): a product cannot stop or resize another company's service
 * by naming its resource. Whose it is is read first, unlocked, so the company's lock comes before the service's.
 */
async function lockChangeableService(ctx: CallContext, ref: ServiceRef): Promise<q.ServiceRow | null> {
  const found = await q.findRunningService(ctx.db, refOf(ref));
  if (!found) return null;
  await tenancy.requireChangeable(ctx, { companyId: found.company_id });
  return q.lockRunningService(ctx.db, refOf(ref));
}

/** Changes what a running service counts (a resized bucket, more serials); the next charge uses it. */
export async function resizeService(
  ctx: CallContext,
  ref: ServiceRef,
  changes: { quantity?: number; wasabi_usage_bytes?: number | null; serial_count?: number | null; details?: string },
): Promise<q.ServiceRow> {
  const service = await lockChangeableService(ctx, ref);
  if (!service) throw notFound('Service not found');
  if (changes.quantity !== undefined && (!Number.isSafeInteger(changes.quantity) || changes.quantity < 0)) {
    throw new AppError(400, 'A service quantity is a whole number of at least zero');
  }
  return q.updateService(ctx.db, service.id, { ...changes, updated_at: ctx.clock.now() });
}

/** Stops a running service: it is not charged again. Stopping one already stopped answers null. */
export async function stopService(ctx: CallContext, ref: ServiceRef): Promise<q.ServiceRow | null> {
  const service = await lockChangeableService(ctx, ref);
  if (!service) return null;
  const now = ctx.clock.now();
  return q.updateService(ctx.db, service.id, { stopped_at: now, updated_at: now });
}

export function runningServices(ctx: Pick<AnyContext, 'db'>, companyId: number) {
  return q.runningServicesOf(ctx.db, companyId);
}

export interface DailyStatsInput {
  company_id: number;
  /** The day (YYYY-MM-DD, Pacific/Auckland) the figures are for. */
  date: string;
  /** Devices and boosters, reported together by the servers domain. */
  device_count?: number;
  boosters?: Partial<Record<BoosterVariant, number>>;
  storage_amount_bytes?: number;
  hosted_comet_v2_count?: number;
  cloudview_count?: number;
  server_version?: string;
  /** A licence's check-in reports with no one signed in: the serial it checked names the company (decision 0100). */
  proof?: 'licence serial';
}

/**
 * Records what a company ran on a day, and makes sure the metered services exist that charge for it:
 * devices, and each booster kind it counts. Several domains report the same day (servers their devices and
 * boosters, storage its bytes, hosted consoles their count): each report changes only the figures it names.
 */
export async function recordDailyStats(ctx: AnyContext, input: DailyStatsInput): Promise<void> {
  if (!input.proof) await tenancy.requireChangeable(ctx, { companyId: input.company_id });
  const now = ctx.clock.now();
  const reportsDevices = input.device_count !== undefined || input.boosters !== undefined;
  const b = input.boosters ?? {};
  const boosters = BOOSTER_VARIANTS.map((v) => [v, b[v] ?? 0] as const);
  for (const [, n] of boosters) if (!Number.isSafeInteger(n) || n < 0) throw new AppError(400, 'Booster counts are whole numbers');
  const deviceCount = input.device_count ?? 0;
  const devices = reportsDevices
    ? {
        device_count: deviceCount,
        booster_count: boosters.reduce((sum, [, n]) => sum + n, 0),
        booster_microsoft365: b.microsoft365 ?? 0,
        booster_disk_image: b.disk_image ?? 0,
        booster_mssql: b.mssql ?? 0,
        booster_hyperv: b.hyperv ?? 0,
        booster_vmware: b.vmware ?? 0,
        booster_proxmox: b.proxmox ?? 0,
      }
    : {};
  const named = Object.fromEntries(
    (['storage_amount_bytes', 'hosted_comet_v2_count', 'cloudview_count', 'server_version'] as const)
      .filter((k) => input[k] !== undefined)
      .map((k) => [k, input[k]]),
  );
  await stats.upsertDailyStats(ctx.db, { company_id: input.company_id, date: input.date, ...devices, ...named, recorded_at: now });
  if (!reportsDevices) return;
  const metered = ([['device', '', deviceCount], ...boosters.map(([v, n]) => ['booster', v, n])] as [ServiceKind, string, number][]).filter(
    ([, , count]) => count > 0,
  );
  if (!metered.length) return;
  // Every server's check-in comes here (bench/licence-endpoint.bench.ts): the plan's prices of the counted kinds
  // are read in one statement and their services started in one, whatever the number of kinds.
  const company = await q.companyBillingOf(ctx.db, input.company_id);
  if (!company) throw notFound('Company not found');
  const prices = await q.findPrices(
    ctx.db,
    company.plan_id,
    metered.map(([kind, variant]) => ({ kind, variant })),
  );
  // Charged from the day the count first appears.
  const from = startOfDay([input.date, dayOf(now)].sort()[0] ?? input.date);
  const rows = metered.map(([kind, variant, count]) => {
    const price = prices.find((p) => p.kind === kind && p.variant === variant);
    if (!price) throw new AppError(400, `No price for ${kind}${variant ? ` (${variant})` : ''} on plan ${company.plan_id}`);
    return {
      company_id: input.company_id,
      kind,
      variant,
      rebill_every_days: price.rebill_every_days,
      next_charge_again_at: from,
      unit_cost: price.unit_cost,
      quantity: count,
      amount: Math.round((price.unit_cost * count * price.rebill_every_days) / price.per_days),
      pricing_description: price.pricing_description,
      started_at: now,
      updated_at: now,
    };
  });
  await ensureAccount(ctx.db, input.company_id, now);
  await q.ensureMeteredServices(ctx.db, rows);
}

/**
 * The storage product's daily figures for many companies at once (storage_amount_bytes only; the storage
 * service itself is started by storage.enable): the utilization job's batch, docs/decisions/0055.
 */
export async function recordStorageAmounts(
  ctx: AnyContext,
  rows: { company_id: number; date: string; storage_amount_bytes: number }[],
): Promise<void> {
  for (const r of rows) {
    if (!Number.isSafeInteger(r.storage_amount_bytes) || r.storage_amount_bytes < 0)
      throw new AppError(400, 'Stored bytes are whole numbers');
  }
  await stats.upsertStorageAmounts(ctx.db, rows, ctx.clock.now());
}

/** Scheduled twice a day: the running services' unit cost, quantity and amount, from the prices and the latest stats. */
export async function recomputeServicesJob(ctx: CallContext): Promise<number> {
  const now = ctx.clock.now();
  const today = dayOf(now);
  return q.recomputeServices(
    ctx.db,
    today,
    startOfDay(addDays(today, 1)),
    new Date(now.getTime() - RECOMPUTE_EVERY_MS),
    now,
    RECOMPUTE_BATCH,
  );
}

export function listPlans(ctx: Pick<AnyContext, 'db'>) {
  return q.listPlans(ctx.db);
}

export function listPrices(ctx: Pick<AnyContext, 'db'>) {
  return q.listPrices(ctx.db);
}
